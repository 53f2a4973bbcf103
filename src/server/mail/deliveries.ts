// The send ledger's transitions (mailing_deliveries), each one statement, so that any number of
// workers on any number of app servers can share one database:
//   pending -> sending (claimed: lease_until = now + lease) -> sent | failed | skipped,
//   sending -> pending (a transient failure: lease_until = when to try again).
// A 'sending' row whose lease ran out was claimed by a worker that died; it is claimed again.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailingMessages } from '../db/schema';
import { queryRows } from './queryRows';
import type { MessageSource } from './chapterMessage';

export interface ClaimedDelivery {
  id: number;
  messageId: number;
  attempts: number;
  trackingToken: string;
  email: string;
  contactStatus: string;
  unsubscribeToken: string;
}

/**
 * Claims the oldest claimable delivery for `leaseMs`, or answers null. FOR UPDATE SKIP LOCKED
 * lets concurrent workers pass over each other's rows instead of queueing behind them.
 */
export async function claimDelivery(db: Db, leaseMs: number): Promise<ClaimedDelivery | null> {
  const [row] = await queryRows<ClaimedDelivery>(
    db,
    sql`with claimed as (
          update mailing_deliveries
          set status = 'sending',
              lease_until = now() + ${leaseMs}::int * interval '1 millisecond',
              attempts = attempts + 1
          where id = (
            select id from mailing_deliveries
            where status in ('pending', 'sending') and (lease_until is null or lease_until < now())
            order by id
            limit 1
            for update skip locked
          )
          returning id, message_id, contact_id, attempts, tracking_token
        )
        select claimed.id, claimed.message_id as "messageId", claimed.attempts,
               claimed.tracking_token as "trackingToken", c.email,
               c.status as "contactStatus", c.unsubscribe_token as "unsubscribeToken"
        from claimed join mailing_list_contacts c on c.id = claimed.contact_id`,
  );
  return row ?? null;
}

/** Sent: the ledger and the contact's counters move together, once, whoever marks it first. */
export async function markSent(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`with sent as (
          update mailing_deliveries
          set status = 'sent', sent_at = now(), lease_until = null, error = null
          where id = ${id} and status = 'sending'
          returning contact_id
        )
        update mailing_list_contacts
        set num_sends = num_sends + 1, last_activity = now()
        where id in (select contact_id from sent)`,
  );
}

/** A final state other than sent: 'failed' (with the reason) or 'skipped'. */
export async function markDone(
  db: Db,
  id: number,
  status: 'failed' | 'skipped',
  error: string | null,
): Promise<void> {
  await db.execute(
    sql`update mailing_deliveries set status = ${status}, lease_until = null, error = ${error}
        where id = ${id} and status = 'sending'`,
  );
}

/** Back to pending, not to be claimed for `delayMs`. */
export async function retryLater(
  db: Db,
  id: number,
  error: string,
  delayMs: number,
): Promise<void> {
  await db.execute(
    sql`update mailing_deliveries
        set status = 'pending', error = ${error},
            lease_until = now() + ${delayMs}::int * interval '1 millisecond'
        where id = ${id} and status = 'sending'`,
  );
}

/** Marks the message finished once none of its deliveries is pending or being sent. */
export async function finishMessage(db: Db, messageId: number): Promise<void> {
  await db.execute(
    sql`update mailing_messages set status = 'finished', finished_at = now()
        where id = ${messageId} and status <> 'finished'
          and not exists (
            select 1 from mailing_deliveries
            where message_id = ${messageId} and status in ('pending', 'sending')
          )`,
  );
}

export async function loadMessage(db: Db, messageId: number): Promise<MessageSource | null> {
  const [row] = await db
    .select({
      subject: mailingMessages.subject,
      body: mailingMessages.body,
      fromName: mailingMessages.fromName,
      replyTo: mailingMessages.replyTo,
    })
    .from(mailingMessages)
    .where(eq(mailingMessages.id, messageId))
    .limit(1);
  return row ?? null;
}
