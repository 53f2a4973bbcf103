// The send worker: delivers queued chapter email, one ledger row at a time, from the database.
// Every app server runs one (buildApp starts it); they share the work through the ledger's
// leases (./deliveries.ts), so a server that dies loses nothing: its claimed row's lease runs
// out and another worker sends it. Idle, a worker looks for work every MAIL_SEND_POLL_MS;
// a send queued on the same server wakes it at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { personalize, renderTemplate, type MessageTemplate } from './chapterMessage';
import {
  claimDelivery,
  finishMessage,
  loadMessage,
  markDone,
  markSent,
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
  /** Deliveries in flight at once, each its own claim (default 1). */
  concurrency?: number;
  /** Claims of one delivery (crashes included) before it is given up as failed. */
  maxAttempts?: number;
}

export interface SendWorker {
  start(): void;
  /** Look for work now (a message was just queued). */
  wake(): void;
  /** Stops after the delivery in hand is sent and recorded. */
  stop(): Promise<void>;
  /**
   * Stops at once as if the process had died: the delivery in hand stays claimed, unrecorded,
   * until its lease runs out. For tests of exactly that.
   */
  abandon(): void;
}

const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;
// A few recent messages' templates: a worker usually sends one message to a whole list.
const TEMPLATE_CACHE = 8;

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
  let state: 'idle' | 'running' | 'stopping' | 'stopped' | 'abandoned' = 'idle';
  let loops: Promise<void> | null = null;
  const sleepers = new Set<() => void>();
  let woken = false;
  const templates = new Map<number, MessageTemplate>();

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

  /** Sends one delivery; false when there was nothing to send. */
  async function step(): Promise<boolean> {
    const delivery = await claimDelivery(db, leaseMs);
    alive();
    if (!delivery) return false;
    const content = await template(delivery.messageId);
    alive();
    if (delivery.contactStatus !== 'active' || !content) {
      // Unsubscribed or blocked since the message was queued (or the message is gone).
      await markDone(db, delivery.id, 'skipped', null);
    } else if (delivery.attempts > maxAttempts) {
      // Claimed this often, it killed its worker each time: do not let it do so again.
      await markDone(db, delivery.id, 'failed', 'Gave up after repeated interrupted attempts.');
    } else {
      const refusal = await mailer.send(personalize(content, delivery, options.publicUrl)).then(
        () => null,
        (err: unknown) => ({ err }),
      );
      alive();
      if (refusal) await failed(delivery, refusal.err);
      else await markSent(db, delivery.id);
    }
    alive();
    await finishMessage(db, delivery.messageId);
    return true;
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
        worked = await step();
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
      const concurrency = Math.max(1, options.concurrency ?? 1);
      loops = Promise.all(Array.from({ length: concurrency }, run)).then(() => {});
    },
    wake() {
      if (state === 'running') interrupt();
    },
    async stop() {
      if (state === 'running') state = 'stopping';
      interrupt();
      await loops;
      if (state === 'stopping') state = 'stopped';
    },
    abandon() {
      state = 'abandoned';
      interrupt();
    },
  };
}
