// The queue of transactional mail (issue 34): with SMTP_URL set, every mail the app sends by
// itself (a receipt, a welcome, an RSVP's link...) is written here before it is tried, so an SMTP
// server that refuses for a while or is down, or an app server that dies mid-send, loses nothing
// (docs/decisions/26-transactional-mail.md). Without SMTP the mail goes to mail_outbox instead.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * pending: waiting for its next try at due_at; sending: claimed by an app server until due_at
 * (its lease); sent: the SMTP server took it (the row is deleted a day later); failed: refused
 * for good (5xx) or given up after a day of tries (its body dropped, last_error kept).
 */
export const MAIL_QUEUE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailQueueStatus = (typeof MAIL_QUEUE_STATUSES)[number];

export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<MailQueueStatus>().notNull(),
    to: text('to').notNull(),
    /** MAIL_FROM as the mail named it (a display name of its own, or none). */
    from: text('from').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** An iCalendar file to attach (mailer.ts calendarAttachment). */
    calendar: text('calendar'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** The same on every try, so a copy sent twice (a server died after SMTP took it) is seen as one. */
    messageId: text('message_id').notNull(),
    /** Tries begun (the first in the request that wrote the row). */
    attempts: integer('attempts').notNull().default(0),
    /** pending: when to try next; sending: when the claim's lease runs out. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // Every server's loop asks "what is due?": only unfinished rows are in this index.
    index('mail_queue_due_idx')
      .on(t.dueAt)
      .where(sql`status in ('pending', 'sending')`),
    // The day-old sent rows and the month-old failed ones are deleted by when they ended.
    index('mail_queue_sent_idx')
      .on(t.sentAt)
      .where(sql`status = 'sent'`),
    index('mail_queue_failed_idx')
      .on(t.createdAt)
      .where(sql`status = 'failed'`),
    check('mail_queue_status', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
export type MailQueueRow = typeof mailQueue.$inferSelect;
