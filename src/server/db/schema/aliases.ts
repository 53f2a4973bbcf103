// Email aliases (the Mailgun tab) and the Mailgun routes still to delete.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { chapters } from './chapters';

/** Forwarding addresses of the built-in alias store (the Mailgun tab's other implementation). */
export const emailAliases = pgTable(
  'email_aliases',
  {
    id: serial('id').primaryKey(),
    localPart: text('local_part').notNull(),
    domain: text('domain').notNull(),
    recipients: text('recipients').array().notNull(),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    // A chapter's alias forwards to its hosts, kept so by triggers (migration 0005), unless an
    // admin set its recipients by hand.
    recipientsManual: boolean('recipients_manual').notNull().default(false),
    // The Mailgun route that delivers this alias, and the `updated_at` it was last made from:
    // a row whose updated_at differs is due for a push to Mailgun (src/server/mail/aliases).
    mailgunRouteId: text('mailgun_route_id'),
    mailgunSyncedAt: timestamp('mailgun_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_aliases_address_uq').on(sql`lower(${t.localPart})`, sql`lower(${t.domain})`),
    // One alias per chapter: the one the chapter's emailAlias names.
    uniqueIndex('email_aliases_chapter_uq').on(t.chapterId),
  ],
);
export type EmailAliasRow = typeof emailAliases.$inferSelect;

/** Mailgun routes of deleted aliases, still to be deleted at Mailgun (filled by a trigger). */
export const mailgunRouteDeletions = pgTable('mailgun_route_deletions', {
  routeId: text('route_id').primaryKey(),
  createdAt: createdAt(),
});
export type MailgunRouteDeletionRow = typeof mailgunRouteDeletions.$inferSelect;
