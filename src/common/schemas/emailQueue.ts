// GET /api/admin/email_queue (admins): the chapter email queue at a glance (issue 22), asked
// apart from the dashboard's answer, which each server keeps for a while: the queue is read as
// it is now.
import { z } from 'zod';

/** How far back "failed in the last day" and the last errors look (by when a message was sent). */
export const EMAIL_QUEUE_FAILED_HOURS = 24;
/** How many of the last failures the dashboard names. */
export const EMAIL_QUEUE_LAST_ERRORS = 5;

export const emailQueueFailureSchema = z.object({
  recipient: z.string(),
  subject: z.string(),
  error: z.string(),
  /** When the message was sent to the list (the ledger keeps no time of the failure itself). */
  queuedAt: z.iso.datetime(),
});
export type EmailQueueFailure = z.infer<typeof emailQueueFailureSchema>;

export const emailQueueSchema = z.object({
  /** Deliveries waiting to be sent (pending, a retry's included). */
  waiting: z.number().int(),
  /** Deliveries a worker holds now. */
  sending: z.number().int(),
  /** Automatic messages (reminders, notices, digests) due in the next 24 hours (issue 34). */
  scheduledNextDay: z.number().int(),
  /** Failed deliveries of the messages sent in the last EMAIL_QUEUE_FAILED_HOURS. */
  failedLastDay: z.number().int(),
  /**
   * Seconds since the oldest message with a delivery not yet sent (waiting or being sent) was
   * sent; null: none waits.
   */
  oldestWaitingSeconds: z.number().int().nullable(),
  /**
   * The site's own mail (receipts, welcomes, sign-in and RSVP links: the mail queue, issue 34):
   * waiting for a try or being tried, and given up or refused for good in the last day.
   */
  siteMail: z.object({ waiting: z.number().int(), failedLastDay: z.number().int() }),
  /** The last failures (newest first), at most EMAIL_QUEUE_LAST_ERRORS. */
  lastErrors: z.array(emailQueueFailureSchema),
});
export type EmailQueue = z.infer<typeof emailQueueSchema>;
