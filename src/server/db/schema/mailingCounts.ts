// How many members each built-in list has in each stored status, kept by triggers on
// mailing_list_contacts (hand-written in migration 0017_member_counts): the Members screen's
// total and a send's recipient count are a primary-key read, not a count of the list's rows.
// Exact, not an estimate: the triggers move a count in the same transaction as the rows.
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { mailingLists } from './mailing';

export const mailingListMemberCounts = pgTable(
  'mailing_list_member_counts',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    // A stored status of mailing_list_contacts ('active', 'unsub', 'bounce'...).
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listId, t.status] })],
);
export type MailingListMemberCountRow = typeof mailingListMemberCounts.$inferSelect;
