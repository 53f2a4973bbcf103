// Runs of "Move the lists home": each chapter's Brevo list copied into its built-in list
// (modules/mailing/brevoMove*.ts, scripts/import-brevo-lists.ts). One area of the data model;
// index.ts gathers them for Drizzle and drizzle-kit.
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * One row per run. At most one is 'running' on the whole network (the partial unique index:
 * a second start, on any app server or from the command line, is refused by the database).
 * A run whose `heartbeat_at` stopped moving (its server went away) is marked 'stopped' by the
 * next start. `progress` is what the screen polls; `report` the per-chapter lines at the end.
 */
export const brevoListMoves = pgTable(
  'brevo_list_moves',
  {
    id: serial('id').primaryKey(),
    // running -> done | failed | stopped
    status: text('status').notNull().default('running'),
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    // 'button' or 'command'
    origin: text('origin').notNull(),
    progress: jsonb('progress').notNull(),
    report: jsonb('report'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('brevo_list_moves_one_running_uq')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);
export type BrevoListMoveRow = typeof brevoListMoves.$inferSelect;
