// The send worker: delivers queued chapter email from the database. Every app server runs one
// (buildApp starts it); they share the work through the ledger's leases (./deliveries.ts), so a
// server that dies loses nothing: the rows it had claimed run out of lease and another worker
// sends them. Idle, a worker looks for work every MAIL_SEND_POLL_MS; a send queued on the same
// server wakes it at once.
//
// Throughput: rows are claimed a batch per statement (the next batch is fetched while the last
// one is being sent) and sends are recorded together (group commit: whatever was sent while
// one record was being written goes in the next). The ledger costs a few statements per batch
// rather than three per message.
//
// Duplicates stay bounded: each of the `concurrency` loops waits for its sent message to be
// recorded before it sends another, so a server that dies leaves at most `concurrency`
// messages taken by the SMTP server but not marked sent: the only ones sent twice. The rest of
// its batch was never sent, and is sent once by whoever takes it over.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { personalize, renderTemplate, type MessageTemplate } from './chapterMessage';
import {
  claimDeliveries,
  finishMessage,
  loadMessage,
  markDone,
  markSent,
  releaseClaims,
  retryLater,
  type ClaimedDelivery,
} from './deliveries';

declare module 'fastify' {
  interface FastifyInstance {
    sendWorker: SendWorker;
  }
}

export interface SendWorkerOptions {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  tracking: boolean;
  /** Idle wait between looks for work; 0 makes a worker that never runs. */
  pollMs: number;
  /** How long a claim lasts; longer than the slowest SMTP send (nodemailer's timeouts). */
  leaseMs: number;
  /** Deliveries in flight at once (default 1). */
  concurrency?: number;
  /** Rows claimed per statement (default 50). */
  batchSize?: number;
  /** Claims of one delivery (crashes included) before it is given up as failed. */
  maxAttempts?: number;
}

export interface SendWorker {
  start(): void;
  /** Look for work now (a message was just queued). */
  wake(): void;
  /** Stops after the deliveries in hand are sent and recorded; hands back the rest. */
  stop(): Promise<void>;
  /**
   * Stops at once as if the process had died: the deliveries it claimed stay claimed,
   * unrecorded, until their lease runs out. For tests of exactly that.
   */
  abandon(): void;
}

const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
// A few recent messages' templates: a worker usually sends one message to a whole list.
const TEMPLATE_CACHE = 8;
const BATCH_SIZE = 50;
// A claimed row is sent only in the first third of its lease: the rest is left for the send
// itself (the default 15-minute lease leaves nodemailer's 10-minute socket timeout), so no
// live worker's send is ever taken over. A row not started by then is handed back.
const START_WINDOW = 1 / 3;
// Recording a sent message failed (the database is away): try again after this long, holding
// on to the message, so that no more than `concurrency` stay unrecorded.
const RECORD_RETRY_MS = 1000;

/** Rows claimed together: when the last is settled, their messages may be finished. */
interface Batch {
  /** performance.now() after which its rows are no longer started. */
  startBy: number;
  open: number;
  messageIds: Set<number>;
}

interface Claimed {
  row: ClaimedDelivery;
  batch: Batch;
}

interface Recording {
  id: number;
  done: () => void;
  fail: (err: unknown) => void;
}

class Abandoned extends Error {}

/** SMTP 5xx: the server refused this message for good; anything else may pass later. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export function createSendWorker(options: SendWorkerOptions): SendWorker {
  const { db, mailer, log, pollMs, leaseMs } = options;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize ?? BATCH_SIZE);
  let state: 'idle' | 'running' | 'stopping' | 'stopped' | 'abandoned' = 'idle';
  let loops: Promise<void> | null = null;
  const sleepers = new Set<() => void>();
  let woken = false;
  const templates = new Map<number, MessageTemplate>();
  /** Claimed rows not yet started, oldest batch first. */
  const queue: Claimed[] = [];
  let claiming: Promise<void> | null = null;
  /** The last claim found fewer rows than it asked for: no need to fetch ahead. */
  let drained = true;
  /** Ids of the rows this worker holds (queued or being sent). */
  const inHand = new Set<number>();
  const recordings: Recording[] = [];
  let recording = false;

  /** After every await: a dead worker writes nothing more. */
  function alive() {
    if (state === 'abandoned') throw new Abandoned();
  }

  async function template(messageId: number): Promise<MessageTemplate | null> {
    const cached = templates.get(messageId);
    if (cached) return cached;
    const message = await loadMessage(db, messageId);
    if (!message) return null;
    const made = renderTemplate(message, {
      publicUrl: options.publicUrl,
      tracking: options.tracking,
    });
    if (templates.size >= TEMPLATE_CACHE) templates.delete(templates.keys().next().value!);
    templates.set(messageId, made);
    return made;
  }

  /** `count` rows of the batch are done with; the last one finishes its messages. */
  async function settle(batch: Batch, count = 1) {
    batch.open -= count;
    if (batch.open > 0) return;
    for (const messageId of batch.messageIds) {
      alive();
      await finishMessage(db, messageId);
    }
  }

  async function claim(): Promise<void> {
    // Taken before the statement, so the window closes before the lease could.
    const startBy = performance.now() + leaseMs * START_WINDOW;
    const rows = await claimDeliveries(db, leaseMs, batchSize);
    alive();
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
    alive();
    for (const item of items) await settle(item.batch);
  }

  /** The next claimed row to send, claiming more when none is left; null: nothing to send. */
  async function next(): Promise<Claimed | null> {
    let claimed = false;
    for (;;) {
      await releaseLate();
      const item = queue.shift();
      if (item) {
        // Fetch the next batch while this one is being sent.
        if (queue.length < concurrency && !drained && !claiming) {
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
  }

  /** Records sent messages together: those sent while one record is written go in the next. */
  async function recordSent() {
    recording = true;
    try {
      while (recordings.length > 0) {
        const taken = recordings.splice(0);
        try {
          alive();
          await markSent(
            db,
            taken.map((r) => r.id),
          );
          for (const r of taken) r.done();
        } catch (err) {
          if (err instanceof Abandoned || state !== 'running') {
            for (const r of taken) r.fail(err);
            continue;
          }
          log.error({ err: reasonOf(err) }, 'could not record sent chapter email; trying again');
          recordings.unshift(...taken);
          await new Promise((r) => setTimeout(r, RECORD_RETRY_MS));
        }
      }
    } finally {
      recording = false;
    }
  }

  function sent(id: number): Promise<void> {
    return new Promise((done, fail) => {
      recordings.push({ id, done, fail });
      if (!recording) void recordSent();
    });
  }

  async function failed(delivery: ClaimedDelivery, err: unknown) {
    const reason = reasonOf(err);
    if (isPermanent(err) || delivery.attempts >= maxAttempts) {
      log.warn({ deliveryId: delivery.id, err: reason }, 'chapter email not delivered');
      await markDone(db, delivery.id, 'failed', reason);
    } else {
      const delay = Math.min(RETRY_BASE_MS * 2 ** (delivery.attempts - 1), RETRY_MAX_MS);
      await retryLater(db, delivery.id, reason, delay);
    }
  }

  /** Sends one claimed row and records the outcome. */
  async function deliver({ row, batch }: Claimed): Promise<void> {
    try {
      await send(row);
    } finally {
      inHand.delete(row.id);
    }
    alive();
    await settle(batch);
  }

  async function send(row: ClaimedDelivery): Promise<void> {
    const content = await template(row.messageId);
    alive();
    if (!content) {
      // The message is gone (its rows go with it; this one may still be in hand).
      await markDone(db, row.id, 'skipped', null);
    } else if (row.attempts > maxAttempts) {
      // Claimed this often, it killed its worker each time: do not let it do so again.
      await markDone(db, row.id, 'failed', 'Gave up after repeated interrupted attempts.');
    } else {
      const refusal = await mailer.send(personalize(content, row, options.publicUrl)).then(
        () => null,
        (err: unknown) => ({ err }),
      );
      alive();
      if (refusal) await failed(row, refusal.err);
      else await sent(row.id);
    }
  }

  function idle(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  }

  async function run() {
    while (state === 'running') {
      let worked = false;
      try {
        const item = await next();
        if (item && state === 'running') {
          worked = true;
          await deliver(item);
        } else if (item) {
          // Stopping: this one goes back with the rest of the queue.
          queue.unshift(item);
        }
      } catch (err) {
        if (err instanceof Abandoned) return;
        // The database is away, most likely: wait a round and try again.
        log.error({ err: reasonOf(err) }, 'send worker step failed');
      }
      if (!worked && state === 'running') await idle();
    }
  }

  function interrupt() {
    // Idle: wake now. Busy: the next idle() returns at once, so a wake is never lost.
    if (sleepers.size === 0) woken = true;
    for (const wake of [...sleepers]) wake();
  }

  return {
    start() {
      if (pollMs <= 0 || state !== 'idle') return;
      state = 'running';
      loops = Promise.all(Array.from({ length: concurrency }, run)).then(() => {});
    },
    wake() {
      if (state === 'running') interrupt();
    },
    async stop() {
      if (state === 'running') state = 'stopping';
      interrupt();
      await loops;
      await claiming?.catch(() => {});
      if (state !== 'stopping') return;
      state = 'stopped';
      // What was claimed but not started goes back now, not when its lease runs out.
      const unsent = queue.splice(0);
      await releaseClaims(
        db,
        unsent.map((i) => i.row),
      ).catch((err: unknown) =>
        log.error({ err: reasonOf(err) }, 'could not hand back claimed chapter email'),
      );
    },
    abandon() {
      state = 'abandoned';
      interrupt();
    },
  };
}
