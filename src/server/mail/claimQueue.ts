// A send worker's claimed rows: claimed a batch per statement (the next batch is fetched while
// the last one is being sent), handed out one at a time to the worker's loops, and handed back
// when they were not started in time or the worker stops.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimDeliveries, finishMessage, releaseClaims, type ClaimedDelivery } from './deliveries';
import { reasonOf } from './sendFailures';
import { Abandoned, type WorkerLife } from './workerLife';

// A claimed row is sent only in the first third of its lease: the rest is left for the send
// itself (the default 15-minute lease leaves nodemailer's 10-minute socket timeout), so no
// live worker's send is ever taken over. A row not started by then is handed back.
const START_WINDOW = 1 / 3;

/** Rows claimed together: when the last is done with, their messages may be finished. */
interface Batch {
  /** performance.now() after which its rows are no longer started. */
  startBy: number;
  open: number;
  messageIds: Set<number>;
}

export interface Claimed {
  row: ClaimedDelivery;
  batch: Batch;
}

export interface ClaimQueueOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  life: WorkerLife;
  leaseMs: number;
  batchSize: number;
  /** Fetch the next batch once fewer than this many claimed rows are left. */
  fetchAheadBelow: number;
}

export interface ClaimQueue {
  /** The next claimed row to send, claiming more when none is left; null: nothing to send. */
  next(): Promise<Claimed | null>;
  /** A row taken by next() but not started (the worker is stopping): first in line again. */
  putBack(item: Claimed): void;
  /**
   * The row is done with (recorded as sent, failed, retried or skipped): it is no longer in
   * this worker's hand, and the last of its batch finishes the batch's messages.
   */
  done(item: Claimed): Promise<void>;
  /** The row is no longer in this worker's hand, its outcome unrecorded (its lease runs out). */
  letGo(item: Claimed): void;
  /** Waits for a claim under way, then hands back every row not started. */
  handBack(): Promise<void>;
}

export function claimQueue(options: ClaimQueueOptions): ClaimQueue {
  const { db, log, life, leaseMs, batchSize } = options;
  /** Claimed rows not yet started, oldest batch first. */
  const queue: Claimed[] = [];
  let claiming: Promise<void> | null = null;
  /** The last claim found fewer rows than it asked for: no need to fetch ahead. */
  let drained = true;
  /** Ids of the rows this worker holds (queued, being sent or being recorded). */
  const inHand = new Set<number>();

  /** `count` rows of the batch are done with; the last one finishes its messages. */
  async function settle(batch: Batch, count = 1) {
    batch.open -= count;
    if (batch.open > 0) return;
    for (const messageId of batch.messageIds) {
      life.alive();
      await finishMessage(db, messageId);
    }
  }

  async function claim(): Promise<void> {
    // Taken before the statement, so the window closes before the lease could.
    const startBy = performance.now() + leaseMs * START_WINDOW;
    const rows = await claimDeliveries(db, leaseMs, batchSize);
    life.alive();
    drained = rows.length < batchSize;
    if (rows.length === 0) return;
    const batch: Batch = {
      startBy,
      open: rows.length,
      messageIds: new Set(rows.map((r) => r.messageId)),
    };
    let done = 0;
    for (const row of rows) {
      // A row of our own whose lease ran out while in hand (a lease shorter than our sends): it
      // is ours still; the send under way records it. Anything else not 'sending' is skipped.
      if (row.status !== 'sending' || inHand.has(row.id)) done += 1;
      else {
        inHand.add(row.id);
        queue.push({ row, batch });
      }
    }
    if (done > 0) await settle(batch, done);
  }

  /** One claim at a time; whoever asks meanwhile waits for the one under way. */
  function claimOnce(): Promise<void> {
    claiming ??= claim().finally(() => {
      claiming = null;
    });
    return claiming;
  }

  /** Hands back rows whose start window closed before their turn came. */
  async function releaseLate() {
    const now = performance.now();
    let late = 0;
    while (late < queue.length && queue[late]!.batch.startBy < now) late += 1;
    if (late === 0) return;
    const items = queue.splice(0, late);
    for (const item of items) inHand.delete(item.row.id);
    await releaseClaims(
      db,
      items.map((i) => i.row),
    );
    life.alive();
    for (const item of items) await settle(item.batch);
  }

  return {
    async next() {
      let claimed = false;
      for (;;) {
        await releaseLate();
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
      await releaseClaims(
        db,
        unsent.map((i) => i.row),
      );
    },
  };
}
