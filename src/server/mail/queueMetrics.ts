// The chapter-email ledger as /metrics shows it, read from the database at each scrape: every
// app server reports the same queue, whichever of them sends (a count kept in one process would
// know only its own sends, and forget them at each restart).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from './queryRows';

export interface QueueMetrics {
  /** Deliveries waiting to be sent (a retry's wait included) and being sent now. */
  pending: number;
  sending: number;
  /** Seconds since the message of the oldest unfinished delivery was queued; 0: none waits. */
  oldestWaitingSeconds: number;
  /** Deliveries of the messages queued in the last 24 hours that ended without being sent. */
  recent: { failed: number; skipped: number };
}

/**
 * One statement, a millisecond or two however long the ledger: the unfinished rows are read
 * through the workers' own partial index (mailing_deliveries_claimable_idx), the oldest of them
 * being the lowest id; the day's failures message by message through (message_id, status). The
 * day's sent copies are not counted: that is a pass over every one of them (150 ms at 120,000).
 */
export async function readQueueMetrics(db: Db): Promise<QueueMetrics> {
  const [row] = await queryRows<Record<string, string | number | null>>(
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
          where m.created_at > now() - interval '1 day'
          group by d.status
        )
        select
          coalesce((select n from waiting where status = 'pending'), 0) as pending,
          coalesce((select n from waiting where status = 'sending'), 0) as sending,
          coalesce(extract(epoch from now() - (select created_at from oldest)), 0)::float8
            as oldest,
          coalesce((select n from recent where status = 'failed'), 0) as failed,
          coalesce((select n from recent where status = 'skipped'), 0) as skipped`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    pending: n('pending'),
    sending: n('sending'),
    oldestWaitingSeconds: Math.max(0, n('oldest')),
    recent: { failed: n('failed'), skipped: n('skipped') },
  };
}
