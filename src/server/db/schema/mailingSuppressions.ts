// What a member row no longer says about an address (issue 31): a host's delete takes the row
// away, but not the person's unsubscribe, an admin's block or a bounce. Those are kept here, so
// that an import, Add Members or another list's sign-up refuses the address as before the
// delete, and the admin's Brevo tab still finds the block. Also an unsubscribe a public sign-up
// has not yet confirmed: the member row is 'unconfirmed' again, but only its owner's link, not
// a host, may make it active (docs/decisions/07-chapter-email.md, "Opt-outs outlive a delete").
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { mailingLists } from './mailing';

export const mailingSuppressions = pgTable(
  'mailing_suppressions',
  {
    id: serial('id').primaryKey(),
    // As first given; compared without case, as contacts are.
    email: text('email').notNull(),
    // 'unsub': the address left this list, and only this list refuses it. 'blocked' (an admin's)
    // and 'bounce' are the address's, on every list. A block has no list (only an admin lifts
    // it, everywhere at once); a bounce names the list its row was deleted from, where a host's
    // Re-activate lifts it as it lifts the row. Lists are never deleted by the site; a test's
    // deleted list takes its rows with it.
    kind: text('kind').notNull(),
    listId: integer('list_id').references(() => mailingLists.id, { onDelete: 'cascade' }),
    // The block's reason or the server's answer to the bounce, and when it happened.
    reason: text('reason'),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // Its first column answers "what is kept of this address?" (lower(email) = any(...)).
    uniqueIndex('mailing_suppressions_email_list_kind_uq').on(
      sql`lower(${t.email})`,
      sql`coalesce(${t.listId}, 0)`,
      t.kind,
    ),
    check('mailing_suppressions_kind', sql`${t.kind} in ('unsub', 'blocked', 'bounce')`),
  ],
);
