// Confirmation of public sign-ups to the built-in lists (double opt-in): a visitor's sign-up
// makes an 'unconfirmed' contact and mails a link; opening it makes the contact active. Kept
// beside the contacts rather than in their table: a token lives a week, a contact for years.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { mailingListContacts } from './mailing';

export const mailingListConfirmations = pgTable(
  'mailing_list_confirmations',
  {
    // One outstanding link per contact: a new mail replaces the token (only its hash is kept,
    // so an earlier mail's link could not be sent again anyway).
    contactId: integer('contact_id')
      .primaryKey()
      .references(() => mailingListContacts.id, { onDelete: 'cascade' }),
    // SHA-256 of the link's token: a leaked table confirms nobody.
    tokenHash: text('token_hash').notNull().unique('mailing_list_confirmations_token_uq'),
    // When the last mail went: another sign-up within a few minutes sends none.
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set once the link was used: opening it again says so instead of "not valid".
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  // Links long expired are deleted (confirmService.ts, pruneConfirmations), oldest first.
  (t) => [index('mailing_list_confirmations_expires_idx').on(t.expiresAt)],
);
export type MailingListConfirmationRow = typeof mailingListConfirmations.$inferSelect;
