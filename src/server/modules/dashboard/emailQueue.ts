// GET /api/admin/email_queue: the chapter email queue as the ledger has it now (mail/deliveries.ts
// tells its states), in three statements run at once. Counts of unfinished rows read the
// workers' own partial index (mailing_deliveries_claimable_idx); failures are looked for only
// among the last day's messages (by message and status, mailing_deliveries_message_status_idx),
// so the answer costs the same however long the ledger grows.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../mail/queryRows';
import {
  EMAIL_QUEUE_FAILED_HOURS,
  EMAIL_QUEUE_LAST_ERRORS,
  type EmailQueue,
} from '../../../common/schemas/emailQueue';

export async function getEmailQueue(db: Db): Promise<EmailQueue> {
  const recent = sql`m.created_at > now() - ${EMAIL_QUEUE_FAILED_HOURS}::int * interval '1 hour'`;
  const [[unfinished], [failed], lastErrors] = await Promise.all([
    queryRows<{ waiting: number; sending: number; oldest: number | null }>(
      db,
      sql`select count(*) filter (where d.status = 'pending')::int as waiting,
                 count(*) filter (where d.status = 'sending')::int as sending,
                 extract(epoch from now() - min(m.created_at) filter (where d.status = 'pending'))::int
                   as oldest
          from mailing_deliveries d join mailing_messages m on m.id = d.message_id
          where d.status in ('pending', 'sending')`,
    ),
    queryRows<{ failed: number }>(
      db,
      sql`select count(*)::int as failed
          from mailing_messages m join mailing_deliveries d on d.message_id = m.id
          where ${recent} and d.status = 'failed'`,
    ),
    queryRows<{ recipient: string; subject: string; error: string | null; queuedAt: Date }>(
      db,
      sql`select c.email as recipient, m.subject, d.error, m.created_at as "queuedAt"
          from mailing_messages m
          join mailing_deliveries d on d.message_id = m.id
          join mailing_list_contacts c on c.id = d.contact_id
          where ${recent} and d.status = 'failed'
          order by m.created_at desc, d.id desc
          limit ${EMAIL_QUEUE_LAST_ERRORS}`,
    ),
  ]);
  return {
    waiting: Number(unfinished?.waiting ?? 0),
    sending: Number(unfinished?.sending ?? 0),
    failedLastDay: Number(failed?.failed ?? 0),
    oldestWaitingSeconds:
      unfinished?.oldest == null ? null : Math.max(0, Number(unfinished.oldest)),
    lastErrors: lastErrors.map((r) => ({
      recipient: r.recipient,
      subject: r.subject,
      error: r.error ?? '',
      queuedAt: new Date(r.queuedAt).toISOString(),
    })),
  };
}
