// What the importer of the site this one replaces has brought over (scripts/import-legacy.ts).
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per entity read from the original site: which local row it became and a hash of the
 * original's answer, so a second run tells unchanged from updated and never makes a duplicate.
 * The original id is text: some entities have no id in the original's answers and are known by
 * their slug (docs/decisions/02-operation.md).
 */
export const legacyImportMap = pgTable(
  'legacy_import_map',
  {
    kind: text('kind').notNull(),
    originalId: text('original_id').notNull(),
    localId: integer('local_id').notNull(),
    contentHash: text('content_hash').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.originalId] })],
);
export type LegacyImportMapRow = typeof legacyImportMap.$inferSelect;
