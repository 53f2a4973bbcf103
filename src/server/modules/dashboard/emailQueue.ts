// GET /api/admin/email_queue: the chapter email queue as the ledger has it now, read as
// /metrics reads it (mail/emailQueue.ts), with the last failures named.
import type { Db } from '../../db/client';
import { readEmailQueue } from '../../mail/emailQueue';
import { EMAIL_QUEUE_LAST_ERRORS, type EmailQueue } from '../../../common/schemas/emailQueue';

export async function getEmailQueue(db: Db): Promise<EmailQueue> {
  const queue = await readEmailQueue(db, EMAIL_QUEUE_LAST_ERRORS);
  return {
    waiting: queue.pending,
    sending: queue.sending,
    failedLastDay: queue.recent.failed,
    scheduledNextDay: queue.scheduledNextDay,
    oldestWaitingSeconds:
      queue.oldestWaitingSeconds === null ? null : Math.round(queue.oldestWaitingSeconds),
    siteMail: { waiting: queue.siteMail.waiting, failedLastDay: queue.siteMail.failed },
    lastErrors: queue.lastErrors.map((r) => ({
      recipient: r.recipient,
      subject: r.subject,
      error: r.error ?? '',
      queuedAt: r.queuedAt.toISOString(),
    })),
  };
}
