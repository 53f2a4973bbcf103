// A send worker's claimed rows: claimed a batch per statement (the next batch is fetched while
// the last one is being sent), handed out one at a time to the worker's loops, kept by a
// heartbeat while in hand, and handed back when they can no longer be started safely or the
// worker stops.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  claimDeliveries,
  finishMessage,
  releaseClaims,
  renewClaims,
  type ClaimedDelivery,
} from './deliveries';
import { reasonOf } from './sendFailures';
import type { Cancel, WorkerClock } from './workerClock';
import { Abandoned, type WorkerLife } from './workerLife';

// The heartbeat renews every row in hand (queued, being sent, being recorded) every third of a
// lease, so a live worker keeps its rows however long a send takes (nodemailer's 10-minute
// socket timeout no longer has to fit in the lease), and a dead one's run out a lease after
// its last beat.
const BEAT = 1 / 3;
// A row is started only while at least half its lease is left, counted from before the
// statement that last claimed or renewed it: a send that begins has that long before anyone
// could take it over, even if the heartbeat fails the moment it begins. A beat lands every
// third of a lease, well inside the window, so while the heartbeat works no row is ever late;
// once it fails (the database is away, the process stalled), the rows in hand stop being
// started when their window closes, and are handed back (or left to run out).
const START_WINDOW = 1 / 2;

/** Rows claimed together: when the last is done with, their messages may be finished. */
interface Batch {
  open: number;
  messageIds: Set<number>;
}

export interface Claimed {
  row: ClaimedDelivery;
  batch: Batch;
  /** The clock's now() after which the row is no longer started (moved on by each beat). */
  startBy: number;
  /** A beat found the row no longer ours (taken over, or no longer 'sending'). */
  lost: boolean;
}

export interface ClaimQueueOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  life: WorkerLife;
  clock: WorkerClock;
  leaseMs: number;
  batchSize: number;
  /** Fetch the next batch once fewer than this many claimed rows are left. */
  fetchAheadBelow: number;
}

export interface ClaimQueue {
  /** The next claimed row to send, claiming more when none is left; null: nothing to send. */
  next(): Promise<Claimed | null>;
  /** The row is still this worker's, with enough of its lease left to be sent now. */
  mayStart(item: Claimed): boolean;
  /** A row that may no longer be started: handed back if still ours; then done() with it. */
  giveUp(item: Claimed): Promise<void>;
  /** A row taken by next() but not started (the worker is stopping): first in line again. */
  putBack(item: Claimed): void;
  /**
   * The row is done with (recorded as sent, failed, retried or skipped): it is no longer in
   * this worker's hand, and the last of its batch finishes the batch's messages.
   */
  done(item: Claimed): Promise<void>;
  /** The row is no longer in this worker's hand, its outcome unrecorded (its lease runs out). */
  letGo(item: Claimed): void;
  /** Waits for a claim under way, then hands back every row not started; the heart stops. */
  handBack(): Promise<void>;
}

export function claimQueue(options: ClaimQueueOptions): ClaimQueue {
  const { db, log, life, clock, leaseMs, batchSize } = options;
  /** Claimed rows not yet started, oldest batch first. */
  const queue: Claimed[] = [];
  let claiming: Promise<void> | null = null;
  /** The last claim found fewer rows than it asked for: no need to fetch ahead. */
  let drained = true;
  /** The rows this worker holds (queued, being sent or being recorded), by id. */
  const inHand = new Map<number, Claimed>();
  let stopBeating: Cancel | null = null;
  let beating = false;

  /** `count` rows of the batch are done with; the last one finishes its messages. */
  async function settle(batch: Batch, count = 1) {
    batch.open -= count;
    if (batch.open > 0) return;
    for (const messageId of batch.messageIds) {
      life.alive();
      await finishMessage(db, messageId);
    }
  }

  function stopHeart() {
    stopBeating?.();
    stopBeating = null;
  }

  /** One statement renews every row in hand; a row it does not renew is no longer ours. */
  async function beat() {
    const held = [...inHand.values()];
    if (held.length === 0 || life.state === 'abandoned') {
      // Nothing to keep (the next claim starts the heart again), or the process is "dead".
      stopHeart();
      return;
    }
    const renewedAt = clock.now();
    const renewed = await renewClaims(
      db,
      held.map((i) => i.row),
      leaseMs,
      clock.leaseNow(),
    );
    life.alive();
    for (const item of held) {
      if (renewed.has(item.row.id)) item.startBy = renewedAt + leaseMs * START_WINDOW;
      else item.lost = true;
    }
    // Lost rows not started leave the queue at once; they were never ours to hand back.
    await dropUnstartable(false);
  }

  function startHeart() {
    stopBeating ??= clock.every(leaseMs * BEAT, () => {
      if (beating) return;
      beating = true;
      return beat()
        .catch((err: unknown) => {
          // Nothing renewed: the rows in hand stop being started when their window closes.
          if (!(err instanceof Abandoned))
            log.error({ err: reasonOf(err) }, 'send worker could not renew its claims');
        })
        .finally(() => {
          beating = false;
        });
    });
  }

  async function claim(): Promise<void> {
    // Taken before the statement, so the window closes before the lease could.
    const startBy = clock.now() + leaseMs * START_WINDOW;
    const rows = await claimDeliveries(db, leaseMs, batchSize, clock.leaseNow());
    life.alive();
    drained = rows.length < batchSize;
    if (rows.length === 0) return;
    const batch: Batch = { open: rows.length, messageIds: new Set(rows.map((r) => r.messageId)) };
    let done = 0;
    for (const row of rows) {
      const mine = inHand.get(row.id);
      if (mine) {
        // A row of our own whose lease ran out while in hand (the heartbeat failed for a
        // while): claimed again, it is ours under its new attempt count; the item already in
        // hand carries it on, in the queue or in a send.
        mine.row.attempts = row.attempts;
        mine.startBy = startBy;
        mine.lost = false;
        done += 1;
      } else if (row.status !== 'sending') done += 1;
      else {
        const item: Claimed = { row, batch, startBy, lost: false };
        inHand.set(row.id, item);
        queue.push(item);
      }
    }
    if (inHand.size > 0) startHeart();
    if (done > 0) await settle(batch, done);
  }

  /** One claim at a time; whoever asks meanwhile waits for the one under way. */
  function claimOnce(): Promise<void> {
    claiming ??= claim().finally(() => {
      claiming = null;
    });
    return claiming;
  }

  const mayStart = (item: Claimed) => !item.lost && clock.now() < item.startBy;

  /**
   * Takes the rows that may no longer be started out of the queue: lost ones are dropped, late
   * ones (still ours, their window closed) handed back when `release`.
   */
  async function dropUnstartable(release: boolean) {
    const out = queue.filter((i) => !mayStart(i) && (release || i.lost));
    if (out.length === 0) return;
    for (const item of out) {
      queue.splice(queue.indexOf(item), 1);
      inHand.delete(item.row.id);
    }
    await releaseClaims(
      db,
      out.filter((i) => !i.lost).map((i) => i.row),
    );
    life.alive();
    for (const item of out) await settle(item.batch);
  }

  return {
    async next() {
      let claimed = false;
      for (;;) {
        await dropUnstartable(true);
        const item = queue.shift();
        if (item) {
          // Fetch the next batch while this one is being sent.
          if (queue.length < options.fetchAheadBelow && !drained && !claiming) {
            claimOnce().catch((err: unknown) => {
              if (!(err instanceof Abandoned))
                log.error({ err: reasonOf(err) }, 'send worker claim failed');
            });
          }
          return item;
        }
        if (claimed) return null;
        await claimOnce();
        claimed = true;
      }
    },
    mayStart,
    async giveUp(item) {
      if (!item.lost) await releaseClaims(db, [item.row]);
      life.alive();
    },
    putBack(item) {
      queue.unshift(item);
    },
    async done(item) {
      inHand.delete(item.row.id);
      await settle(item.batch);
    },
    letGo(item) {
      inHand.delete(item.row.id);
    },
    async handBack() {
      await claiming?.catch(() => {});
      const unsent = queue.splice(0);
      for (const item of unsent) inHand.delete(item.row.id);
      // Stopped: what is left in hand (a record that failed) runs out of lease.
      stopHeart();
      await releaseClaims(
        db,
        unsent.filter((i) => !i.lost).map((i) => i.row),
      );
    },
  };
}
