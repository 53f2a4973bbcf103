// Queueing a send's recipients: one pending delivery per active contact of the list, written in
// batches in the background (./sendQueuer.ts), not in the request that asked for the send. Each
// statement here is safe to run on any number of servers at once and to run again after a
// crash: a batch starts after the last contact id it recorded, and the ledger's unique key on
// (message, contact) drops any row written twice.
//   queueing -> queued (every delivery written) -> finished (./deliveries.ts, finishMessage)
//   queueing | queued -> cancelled (the host stopped it: ../modules/mailing/sendsService.ts)
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { finishMessage } from './deliveries';
import { queryRows } from '../core/database';

/**
 * Takes a message left 'queueing' whose lease ran out (or never had one) for `leaseMs`: the
 * oldest, one at a time, skipping those another server is taking right now.
 */
export async function takeQueueing(db: Db, leaseMs: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update mailing_messages
        set queue_lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
        where id = (
          select id from mailing_messages
          where status = 'queueing' and (queue_lease_until is null or queue_lease_until < now())
          order by id limit 1
          for update skip locked
        )
        returning id`,
  );
  return row ? Number(row.id) : null;
}

/**
 * Writes the next `limit` deliveries of a 'queueing' message and moves its cursor, in one
 * statement; answers how many contacts the batch read (fewer than `limit`: the list is done),
 * or null when the message is no longer queueing (cancelled, or gone).
 *
 * The message row is locked first (FOR UPDATE), so a cancel waits for a batch under way and a
 * batch after a cancel writes nothing: no pending row is ever written for a cancelled send.
 */
export async function queueBatch(
  db: Db,
  messageId: number,
  limit: number,
  leaseMs: number,
): Promise<number | null> {
  const [row] = await queryRows<{ scanned: number }>(
    db,
    sql`with msg as (
          select id, list_id, queued_through, kind, event_id, occurrence from mailing_messages
          where id = ${messageId} and status = 'queueing'
          for update
        ),
        batch as (
          select c.id from mailing_list_contacts c, msg
          where c.list_id = msg.list_id and c.status = 'active' and c.id > msg.queued_through
            -- A meeting's reminder leaves out those already going: theirs is the reminder to
            -- those going (modules/reminders), and an address gets one reminder a date.
            and not (msg.kind = 'reminder' and exists (
              select 1 from rsvps r
              where r.event_id = msg.event_id and r.date = msg.occurrence
                and r.status = 'going' and lower(r.email) = lower(c.email)
            ))
          order by c.id
          limit ${limit}
        ),
        written as (
          insert into mailing_deliveries (message_id, contact_id)
          select ${messageId}, id from batch
          on conflict (message_id, contact_id) do nothing
          returning 1
        )
        update mailing_messages m
        set queued_through = coalesce((select max(id) from batch), m.queued_through),
            queued = m.queued + (select count(*)::int from written),
            queue_lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
        from msg
        where m.id = msg.id
        returning (select count(*)::int from batch) as scanned`,
  );
  return row ? Number(row.scanned) : null;
}

/**
 * Every delivery is written: 'queueing' -> 'queued', and then the same finishing check a worker
 * makes after its last record, as a statement of its own. Why both: a worker that recorded the
 * last sends while the message was still 'queueing' left the finishing to whoever comes after;
 * this check starts after 'queued' is committed, so it sees that worker's records (they were
 * committed before the worker looked). A worker that looks after this commit sees 'queued'
 * and finishes it itself. Whoever is last, the send finishes, and never while a row is left.
 */
export async function completeQueueing(db: Db, messageId: number): Promise<void> {
  await db.execute(
    sql`update mailing_messages set status = 'queued', queue_lease_until = null
        where id = ${messageId} and status = 'queueing'`,
  );
  await finishMessage(db, messageId);
}

/** Hands a message back unfinished (this server is stopping): any server may go on at once. */
export async function releaseQueueing(db: Db, messageId: number): Promise<void> {
  await db.execute(
    sql`update mailing_messages set queue_lease_until = null
        where id = ${messageId} and status = 'queueing'`,
  );
}

export interface QueueAllOptions {
  batchSize: number;
  leaseMs: number;
  /** After each batch is committed (wake the send worker: there is more to send). */
  afterBatch?: () => void;
  /** Asked before each batch: false stops (the server is stopping), the lease handed back. */
  keepGoing?: () => boolean;
}

/**
 * Queues the message, batch after batch, from where it stopped. 'done': every delivery is
 * written; 'stopped': keepGoing said no; 'gone': it is no longer queueing (cancelled, deleted,
 * or finished by another server).
 */
export async function queueAll(
  db: Db,
  messageId: number,
  options: QueueAllOptions,
): Promise<'done' | 'stopped' | 'gone'> {
  for (;;) {
    if (options.keepGoing && !options.keepGoing()) {
      await releaseQueueing(db, messageId);
      return 'stopped';
    }
    const scanned = await queueBatch(db, messageId, options.batchSize, options.leaseMs);
    if (scanned === null) return 'gone';
    options.afterBatch?.();
    if (scanned < options.batchSize) break;
  }
  await completeQueueing(db, messageId);
  return 'done';
}
