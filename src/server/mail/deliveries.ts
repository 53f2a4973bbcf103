// The send ledger's transitions (mailing_deliveries), each one statement, so that any number of
// workers on any number of app servers can share one database:
//   pending -> sending (claimed, in batches: lease_until = now + lease) -> sent | failed,
//   pending -> skipped (claimed when its contact is no longer active),
//   sending -> pending (a transient failure: lease_until = when to try again; or a claimed row
//   its worker never started and handed back).
// A 'sending' row whose lease ran out was claimed by a worker that died; it is claimed again.
//
// Every statement that changes several of these rows that someone else may hold locks them in id
// order first (`... order by id for no key update`), then changes them. Two such statements
// over the same rows then queue behind each other instead of each holding rows the other waits
// for: an UPDATE alone locks rows in whatever order its plan visits them (a bitmap heap scan
// goes by where the rows lie on disk, a join by the array's order), and under load the
// heartbeat's renewal and the sent marks deadlocked three times in a 200,000 send
// (docs/performance.md). Locking in a CTE's order works whatever the plan: the CTE locks rows
// as it is read, in id order, and the UPDATE only reaches a row the CTE has answered, so every
// row is locked after every lower one. A statement that changes one row cannot close a circle
// with these, so the failure marks (one row each) need no such step.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chapters, mailingMessages } from '../db/schema';
import { queryRows } from '../core/database';
import type { MessageSource } from './chapterMessage';

export interface ClaimedDelivery {
  id: number;
  messageId: number;
  attempts: number;
  trackingToken: string;
  email: string;
  /** 'sending' (the caller's to send) or 'skipped' (the contact is no longer active: done). */
  status: 'sending' | 'skipped';
  /** Null for a copy to a person rather than a list member (no unsubscribe: issue 34). */
  unsubscribeToken: string | null;
}

/** The database's own clock: what leases are counted from unless a test's clock says otherwise. */
const DATABASE_NOW = sql`now()`;

/** Integers as one PostgreSQL array parameter (the same text on node-postgres and PGlite). */
const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/**
 * The rows of `d` still under these claims: same attempt count (not taken over), 'sending'.
 * Looked up by id (`= any` of the ids, a condition every plan takes through an index on id),
 * the attempts compared after: a join to the claims (an `unnest` of the two arrays) left the
 * plan to the statistics, and with a burst of copies written since the last analyze the
 * planner took the claimable index for nearly empty and read every pending row for each look
 * (70 ms a look with 200,000 pending; docs/performance.md).
 */
const underClaim = (rows: readonly { id: number; attempts: number }[]) =>
  sql`where d.id = any(${intArray(rows.map((r) => r.id))}::int[])
        and d.attempts = (${intArray(rows.map((r) => r.attempts))}::int[])[
          array_position(${intArray(rows.map((r) => r.id))}::int[], d.id)]
        and d.status = 'sending'`;

/** A CTE `locked`: the ids of the rows still under these claims, locked in id order. */
const lockUnderClaim = (rows: readonly { id: number; attempts: number }[]) =>
  sql`locked as (
        select d.id from mailing_deliveries d ${underClaim(rows)}
        order by d.id
        for no key update of d
      )`;

/**
 * Claims up to `limit` claimable deliveries, oldest first, for `leaseMs` from `now`, in one
 * statement.
 * FOR UPDATE SKIP LOCKED lets concurrent workers pass over each other's rows instead of
 * queueing behind them. A row whose contact is no longer active is marked skipped in the same
 * statement (and answered as such). A row still 'sending' is a dead worker's: it is claimed on
 * its own, never with others, so that a message that kills its worker every time runs up only
 * its own attempts (and is given up at the limit) while the rows claimed with it are sent.
 * A copy to a person, not a list member (a scheduled message to those going or to the hosts:
 * no contact, its address in the row), is always claimed to be sent: the scheduler left out
 * the addresses that may not be mailed when it wrote the rows.
 */
export async function claimDeliveries(
  db: Db,
  leaseMs: number,
  limit: number,
  now: SQL = DATABASE_NOW,
): Promise<ClaimedDelivery[]> {
  return queryRows<ClaimedDelivery>(
    db,
    sql`with candidates as (
          select id, status from mailing_deliveries
          where status in ('pending', 'sending') and (lease_until is null or lease_until < ${now})
          order by id
          limit ${limit}
          for update skip locked
        ),
        picked as (
          select id from candidates
          where not exists (select 1 from candidates where status = 'sending')
          union all
          (select id from candidates where status = 'sending' order by id limit 1)
        ),
        recipients as (
          select p.id, c.email as contact_email, c.unsubscribe_token,
                 (d.contact_id is null or c.status = 'active') as active
          from picked p
          join mailing_deliveries d on d.id = p.id
          left join mailing_list_contacts c on c.id = d.contact_id
        ),
        claimed as (
          update mailing_deliveries d
          set status = case when r.active then 'sending' else 'skipped' end,
              lease_until = case when r.active
                then ${now} + ${leaseMs}::int * interval '1 millisecond' end,
              attempts = d.attempts + 1
          from recipients r
          where d.id = r.id
          returning d.id, d.message_id, d.attempts, d.tracking_token, d.status,
                    coalesce(r.contact_email, d.email) as email, r.unsubscribe_token
        )
        select id, message_id as "messageId", attempts, tracking_token as "trackingToken",
               email, status, unsubscribe_token as "unsubscribeToken"
        from claimed order by id`,
  );
}

/**
 * Sent: the ledger and the contacts' counters move together, once, whoever marks a row first
 * (a row taken over by another worker meanwhile was sent all the same). A row cancelled after
 * its worker handed it to SMTP was sent all the same too: it is marked sent. Only rows this
 * worker sent are ever passed here.
 *
 * Committed without waiting for the disk (synchronous_commit off, for this transaction only):
 * the flush was the longest part of a record on PostgreSQL. A mark lost that way (only if the
 * database server itself crashes, within 3 x wal_writer_delay of the commit) leaves the row
 * 'sending', so it is sent again when its lease runs out: a duplicate with the same
 * Message-ID, never a loss (docs/decisions/07-chapter-email.md).
 */
export async function markSent(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`with async_commit as (select set_config('synchronous_commit', 'off', true)),
        locked as (
          select id from mailing_deliveries
          where id = any(${intArray(ids)}::int[]) and status in ('sending', 'cancelled')
          order by id
          for no key update
        ),
        sent as (
          update mailing_deliveries
          set status = 'sent', sent_at = now(), lease_until = null, error = null
          where id in (select id from locked) and status in ('sending', 'cancelled')
          returning contact_id
        ),
        contacts as (
          select id from mailing_list_contacts
          where id in (select contact_id from sent)
          order by id
          for no key update
        )
        update mailing_list_contacts
        set num_sends = num_sends + 1, last_activity = now()
        from async_commit
        where id in (select id from contacts)`,
  );
}

/**
 * Hands claimed rows that were never sent back to the queue, as if never claimed. Only rows
 * still under this claim (same attempt count): one taken over by another worker is left alone.
 */
export async function releaseClaims(
  db: Db,
  rows: readonly { id: number; attempts: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`with ${lockUnderClaim(rows)}
        update mailing_deliveries d
        set status = 'pending', lease_until = null, attempts = d.attempts - 1
        from locked
        where d.id = locked.id`,
  );
}

/**
 * The heartbeat: extends the lease of the rows a worker holds, in one statement, and answers
 * the ids it still holds. A row another worker claimed meanwhile (its attempts moved on), or one
 * no longer 'sending', is not renewed and not answered: it is no longer this worker's to send.
 */
export async function renewClaims(
  db: Db,
  rows: readonly { id: number; attempts: number }[],
  leaseMs: number,
  now: SQL = DATABASE_NOW,
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const renewed = await queryRows<{ id: number }>(
    db,
    sql`with ${lockUnderClaim(rows)}
        update mailing_deliveries d
        set lease_until = ${now} + ${leaseMs}::int * interval '1 millisecond'
        from locked
        where d.id = locked.id
        returning d.id`,
  );
  return new Set(renewed.map((r) => Number(r.id)));
}

/**
 * Which of these claimed rows are still this claim's to send (same attempt count, still
 * 'sending'): not cancelled by the host, not taken over. Read just before a row is handed to
 * SMTP (./startGate.ts).
 */
export async function stillClaimed(
  db: Db,
  rows: readonly { id: number; attempts: number }[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const mine = await queryRows<{ id: number }>(
    db,
    sql`select d.id from mailing_deliveries d ${underClaim(rows)}`,
  );
  return new Set(mine.map((r) => Number(r.id)));
}

/**
 * Stops a message's deliveries still pending or claimed (the host's Stop, in its transaction:
 * ../modules/mailing/sendsService.ts). Locked in id order like the workers' statements, which
 * may be marking or renewing some of the same rows at that moment.
 */
export async function cancelDeliveries(db: Db, messageId: number): Promise<void> {
  await db.execute(
    sql`with locked as (
          select id from mailing_deliveries
          where message_id = ${messageId} and status in ('pending', 'sending')
          order by id
          for no key update
        )
        update mailing_deliveries set status = 'cancelled', lease_until = null
        where id in (select id from locked) and status in ('pending', 'sending')`,
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
  now: SQL = DATABASE_NOW,
): Promise<void> {
  await db.execute(
    sql`update mailing_deliveries
        set status = 'pending', error = ${error},
            lease_until = ${now} + ${delayMs}::int * interval '1 millisecond'
        where id = ${id} and status = 'sending'`,
  );
}

/**
 * Marks the message finished once every delivery is written ('queued', not 'queueing') and none
 * is pending or being sent. One statement: the message row counts only if this statement's
 * snapshot sees it 'queued', and then every delivery was committed before that snapshot, so the
 * check cannot finish a send early. Run by a worker after each batch's last record, and by the
 * queuer after it commits 'queued' (./recipientQueue.ts): whichever of them is last finishes it.
 * A cancelled send stays cancelled.
 */
export async function finishMessage(db: Db, messageId: number): Promise<void> {
  await db.execute(
    sql`update mailing_messages set status = 'finished', finished_at = now()
        where id = ${messageId} and status = 'queued'
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
      kind: mailingMessages.kind,
      calendar: mailingMessages.calendar,
      state: chapters.state,
      slug: chapters.slug,
    })
    .from(mailingMessages)
    .leftJoin(chapters, eq(chapters.id, mailingMessages.chapterId))
    .where(eq(mailingMessages.id, messageId))
    .limit(1);
  if (!row) return null;
  const { state, slug, ...message } = row;
  // The chapter's page as it is now (a renamed slug still leads home).
  return {
    ...message,
    chapterPath: slug ? `/chapter/${(state ?? '').toLowerCase()}/${slug}` : null,
  };
}
