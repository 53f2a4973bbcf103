// Mail: the built-in mailing lists, their messages and per-recipient ledger, and the outbox of transactional mail.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { chapters } from './chapters';
import { chapterEvents } from './events';

/**
 * What a message is (issue 34): 'host' a host wrote it; the rest the schedule made
 * (docs/decisions/25-scheduled-email.md): 'reminder' to the list before a meeting,
 * 'rsvpReminder' to those going, 'notice' to those going when a date changed, 'digest' to the
 * hosts the evening before.
 */
export const MESSAGE_KINDS = ['host', 'reminder', 'rsvpReminder', 'notice', 'digest'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Mailing lists of the built-in provider. A chapter names its list by id in a list-id field. */
export const mailingLists = pgTable('mailing_lists', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});
export type MailingListRow = typeof mailingLists.$inferSelect;

export const mailingListContacts = pgTable(
  'mailing_list_contacts',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => mailingLists.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // The name a host's import gave (issue 23); null for sign-ups and added addresses.
    name: text('name'),
    // Only 'active' gets chapter email. 'unconfirmed': a visitor's sign-up whose link was not
    // opened (mailingConfirm.ts); 'unsub', 'deleted'; 'blocked' by an admin and 'bounce' (the
    // SMTP server refused the address for good), both with blocked_date and blocked_reason (for
    // a bounce, the server's answer).
    status: text('status').notNull().default('active'),
    // Random token in every message's unsubscribe link.
    unsubscribeToken: text('unsubscribe_token').notNull(),
    blockedDate: timestamp('blocked_date', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    // The status a block replaced ('unconfirmed', 'unsub'...): lifting the block restores it,
    // so a block does not confirm an address nobody confirmed. Null when not blocked.
    blockedFrom: text('blocked_from'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    numSends: integer('num_sends').notNull().default(0),
    numOpens: integer('num_opens').notNull().default(0),
    numClicks: integer('num_clicks').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mailing_list_contacts_list_email_uq').on(t.listId, sql`lower(${t.email})`),
    uniqueIndex('mailing_list_contacts_unsubscribe_uq').on(t.unsubscribeToken),
    index('mailing_list_contacts_list_status_idx').on(t.listId, t.status),
    // A send queues the list's active contacts in batches, in id order from where it stopped
    // (mail/recipientQueue.ts): each batch is read from this index, never sorted from the list.
    index('mailing_list_contacts_list_status_id_idx').on(t.listId, t.status, t.id),
    // The Members screen's pages, newest first, and the export's keyset batches: a page is read
    // from the index in order, never sorted from the whole list.
    index('mailing_list_contacts_list_created_idx').on(t.listId, t.createdAt.desc(), t.id.desc()),
    // The same pages under a status filter.
    index('mailing_list_contacts_list_status_created_idx').on(
      t.listId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // A search by part of an address is a trigram index on PostgreSQL when pg_trgm can be made:
    // hand-written in migration 0010, not here, since PGlite has no pg_trgm.
    // An address on every list at once: a bounce marks each of its rows (mail/bounces.ts).
    index('mailing_list_contacts_email_idx').on(sql`lower(${t.email})`),
  ],
);
export type MailingListContactRow = typeof mailingListContacts.$inferSelect;

/** One message sent to a list (a "campaign"). */
export const mailingMessages = pgTable(
  'mailing_messages',
  {
    id: serial('id').primaryKey(),
    // Null for a message to people rather than to a list (those going, the hosts): its
    // deliveries carry their addresses.
    listId: integer('list_id').references(() => mailingLists.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('host'),
    // A scheduled message: the meeting it is about (the event and the date its rule gives, as
    // rsvps.date), when the meeting starts, and when the message is due. Null for a host's.
    eventId: integer('event_id').references(() => chapterEvents.id, { onDelete: 'cascade' }),
    occurrence: date('occurrence', { mode: 'string' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    // The sender's name on every copy (the chapter's display title) and where replies go (the
    // chapter's address), as they were when the message was written.
    fromName: text('from_name').notNull().default(''),
    replyTo: text('reply_to'),
    // The meeting's own calendar file (text/calendar), attached to every copy: a message to
    // those going (issue 34). Written once with the message, so a copy stores nothing of it.
    calendar: text('calendar'),
    // scheduled (an automatic message waiting for its moment: modules/reminders) -> queueing, or
    // -> dropped (its moment came too close to the meeting: a server was down) or cancelled.
    // queueing (its deliveries are being written, in batches, in the background) -> queued
    // (every delivery is in the ledger) -> finished (none is pending or being sent), or
    // cancelled from queueing or queued (docs/decisions/07-chapter-email.md, send states).
    status: text('status').notNull().default('queued'),
    // The active members when the send was asked for: the send's size while it is queueing.
    expected: integer('expected').notNull().default(0),
    // Deliveries written so far, and the last contact id queued: queueing resumes after it.
    queued: integer('queued').notNull().default(0),
    queuedThrough: integer('queued_through').notNull().default(0),
    // A server queueing the message holds it until then (renewed each batch); a message left
    // 'queueing' past it is taken up by any server (its queuer died).
    queueLeaseUntil: timestamp('queue_lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    // When it finished or was cancelled.
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('mailing_messages_list_created_idx').on(t.listId, t.createdAt.desc()),
    // A chapter's latest email, for the trigger that keeps chapters.last_active_at.
    index('mailing_messages_chapter_created_idx').on(t.chapterId, t.createdAt.desc()),
    check(
      'mailing_messages_status',
      sql`${t.status} in ('scheduled', 'queueing', 'queued', 'finished', 'cancelled', 'dropped')`,
    ),
    check(
      'mailing_messages_kind',
      sql`${t.kind} in ('host', 'reminder', 'rsvpReminder', 'notice', 'digest')`,
    ),
    // One reminder, one reminder to those going and one digest per meeting, whichever server
    // plans it and however often: the planner's upsert meets this index.
    uniqueIndex('mailing_messages_scheduled_uq')
      .on(t.eventId, t.occurrence, t.kind)
      .where(sql`kind in ('reminder', 'rsvpReminder', 'digest')`),
    // The scheduler's one question each poll, "what is due?", reads only waiting messages.
    index('mailing_messages_due_idx')
      .on(t.scheduledFor)
      .where(sql`status = 'scheduled'`),
    // The queuers' question, "which send is left half queued?", reads only those.
    index('mailing_messages_queueing_idx')
      .on(t.id)
      .where(sql`status = 'queueing'`),
  ],
);
export type MailingMessageRow = typeof mailingMessages.$inferSelect;

/** The per-recipient ledger: one row per contact per message; a send resumes from it. */
export const mailingDeliveries = pgTable(
  'mailing_deliveries',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => mailingMessages.id, { onDelete: 'cascade' }),
    // The list member it goes to; null for a message to people (those going, the hosts), whose
    // address is `email`.
    contactId: integer('contact_id').references(() => mailingListContacts.id, {
      onDelete: 'cascade',
    }),
    email: text('email'),
    // pending -> sending (claimed by a worker until lease_until) -> sent, failed or skipped (the
    // contact was no longer active); pending or sending -> cancelled (the host stopped the send;
    // a cancelled row a worker had already handed to SMTP is still marked sent). A 'sending' row whose lease ran out belonged to a worker
    // that died: it is claimed again. A 'pending' row with a lease waits for a retry.
    status: text('status').notNull().default('pending'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // Claims so far, the one that died included: a message that kills its worker every time
    // stops being retried.
    attempts: integer('attempts').notNull().default(0),
    // Random token of this copy's open pixel and tracked links.
    trackingToken: text('tracking_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('mailing_deliveries_message_contact_uq').on(t.messageId, t.contactId),
    // One copy per address of a message to people.
    uniqueIndex('mailing_deliveries_message_email_uq')
      .on(t.messageId, sql`lower(${t.email})`)
      .where(sql`contact_id is null`),
    check(
      'mailing_deliveries_recipient',
      sql`${t.contactId} is not null or ${t.email} is not null`,
    ),
    index('mailing_deliveries_contact_sent_idx').on(t.contactId, t.sentAt.desc()),
    // A contact's last open (the export's 'last opened'): only opened copies are in it.
    index('mailing_deliveries_contact_opened_idx')
      .on(t.contactId, t.openedAt.desc())
      .where(sql`opened_at is not null`),
    index('mailing_deliveries_message_status_idx').on(t.messageId, t.status),
    uniqueIndex('mailing_deliveries_tracking_uq').on(t.trackingToken),
    // The workers' one question, "what is there to send?", reads only unfinished rows.
    index('mailing_deliveries_claimable_idx')
      .on(t.id)
      .where(sql`status in ('pending', 'sending')`),
    check(
      'mailing_deliveries_status',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`,
    ),
  ],
);
export type MailingDeliveryRow = typeof mailingDeliveries.$inferSelect;

/** Transactional mail when no SMTP server is configured: kept here and printed to the log. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_to_idx').on(t.to),
  ],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
