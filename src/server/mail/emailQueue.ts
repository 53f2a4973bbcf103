// The chapter-email queue as the ledger has it now (./deliveries.ts tells its states), the one
// reading behind both /metrics (plugins/metrics.ts, at each scrape) and the admin dashboard
// (modules/dashboard/emailQueue.ts). Read from the database each time, so every app server
// reports the same queue, whichever of them sends (a count kept in one process would know only
// its own sends, and forget them at each restart).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { EMAIL_QUEUE_FAILED_HOURS } from '../../common/schemas/emailQueue';
import { queryRows } from '../core/database';

export interface EmailQueueReading {
  /** Deliveries waiting to be sent (a retry's wait included) and being sent now. */
  pending: number;
  sending: number;
  /** Seconds since the message of the oldest unfinished delivery was queued; null: none. */
  oldestWaitingSeconds: number | null;
  /** Automatic messages (issue 34) waiting to go in the next 24 hours. */
  scheduledNextDay: number;
  /** Deliveries of the messages queued in the last EMAIL_QUEUE_FAILED_HOURS that ended unsent. */
  recent: { failed: number; skipped: number };
  /** The transactional mail queue (mail_queue): waiting or being tried; failed in the last day. */
  siteMail: { waiting: number; failed: number };
  /** The last failures of those messages, newest message first (as many as asked for). */
  lastErrors: { recipient: string; subject: string; error: string | null; queuedAt: Date }[];
}

const recentMessage = sql`m.created_at > now() - ${EMAIL_QUEUE_FAILED_HOURS}::int * interval '1 hour'`;

/**
 * One statement for the figures, a millisecond or two however long the ledger: the unfinished
 * rows are read through the workers' own partial index (mailing_deliveries_claimable_idx), the
 * oldest of them being the lowest id; the recent failures message by message through
 * (message_id, status). The day's sent copies are not counted: that is a pass over every one of
 * them (150 ms at 120,000). The site's own mail (mail_queue) is counted through its partial
 * indexes (mail_queue_due_idx, mail_queue_failed_idx): a few rows at most, even after an
 * outage. The last `lastErrors` failures, if asked for, are a second statement run at the same
 * time, on the same index.
 */
export async function readEmailQueue(db: Db, lastErrors = 0): Promise<EmailQueueReading> {
  const [[row], errors] = await Promise.all([
    queryRows<Record<string, string | number | null>>(
      db,
      sql`with waiting as (
            select status, count(*)::int as n from mailing_deliveries
            where status in ('pending', 'sending') group by status
          ),
          oldest as (
            select m.created_at from mailing_deliveries d
            join mailing_messages m on m.id = d.message_id
            where d.status in ('pending', 'sending') order by d.id limit 1
          ),
          recent as (
            select d.status, count(*)::int as n from mailing_messages m
            join mailing_deliveries d on d.message_id = m.id and d.status in ('failed', 'skipped')
            where ${recentMessage}
            group by d.status
          ),
          scheduled as (
            select count(*)::int as n from mailing_messages
            where status = 'scheduled' and scheduled_for < now() + interval '24 hours'
          ),
          site_waiting as (
            select count(*)::int as n from mail_queue where status in ('pending', 'sending')
          ),
          site_failed as (
            select count(*)::int as n from mail_queue
            where status = 'failed' and created_at > now() - ${EMAIL_QUEUE_FAILED_HOURS}::int * interval '1 hour'
          )
          select
            (select n from scheduled) as scheduled,
            (select n from site_waiting) as site_waiting,
            (select n from site_failed) as site_failed,
            coalesce((select n from waiting where status = 'pending'), 0) as pending,
            coalesce((select n from waiting where status = 'sending'), 0) as sending,
            extract(epoch from now() - (select created_at from oldest))::float8 as oldest,
            coalesce((select n from recent where status = 'failed'), 0) as failed,
            coalesce((select n from recent where status = 'skipped'), 0) as skipped`,
    ),
    lastErrors > 0
      ? queryRows<EmailQueueReading['lastErrors'][number]>(
          db,
          sql`select coalesce(c.email, d.email) as recipient, m.subject, d.error, m.created_at as "queuedAt"
              from mailing_messages m
              join mailing_deliveries d on d.message_id = m.id
              left join mailing_list_contacts c on c.id = d.contact_id
              where ${recentMessage} and d.status = 'failed'
              order by m.created_at desc, d.id desc
              limit ${lastErrors}`,
        )
      : Promise.resolve([]),
  ]);
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    pending: n('pending'),
    sending: n('sending'),
    oldestWaitingSeconds: row?.oldest == null ? null : Math.max(0, Number(row.oldest)),
    scheduledNextDay: n('scheduled'),
    recent: { failed: n('failed'), skipped: n('skipped') },
    siteMail: { waiting: n('site_waiting'), failed: n('site_failed') },
    lastErrors: errors.map((r) => ({ ...r, queuedAt: new Date(r.queuedAt) })),
  };
}
