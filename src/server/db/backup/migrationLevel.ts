// How far a database's schema has come: the migrations drizzle recorded as applied
// (drizzle.__drizzle_migrations, one row each, `created_at` the journal's `when`), and how far
// this code's migrations go (migrations/meta/_journal.json). A backup carries its database's
// level; restore refuses one newer than the code (its tables would not be what the code reads).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsFolder, type Db } from '../client';

const journalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), when: z.number(), tag: z.string() })),
});

export interface MigrationLevel {
  migrations: number;
  lastMigration: string | null;
}

function journal() {
  return journalSchema.parse(
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')),
  ).entries;
}

/** The level this code migrates a database to. */
export function codeLevel(): MigrationLevel {
  const entries = journal();
  return { migrations: entries.length, lastMigration: entries.at(-1)?.tag ?? null };
}

/** The level of an open database (0 when it was never migrated: drizzle's table is not there). */
export async function databaseLevel(db: Db): Promise<MigrationLevel> {
  const table = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!table.rows[0]?.present) return { migrations: 0, lastMigration: null };
  const result = (await db.execute(
    sql`select count(*)::int as n, max(created_at)::text as last
        from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number; last: string | null }[] };
  const row = result.rows[0];
  const n = Number(row?.n ?? 0);
  const last = row?.last == null ? null : Number(row.last);
  const tag = journal().find((e) => e.when === last)?.tag ?? (n > 0 ? `#${n}` : null);
  return { migrations: n, lastMigration: tag };
}
