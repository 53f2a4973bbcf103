// The send queuer: writes a send's deliveries in the background, a batch per statement, so the
// request that asked for the send answers at once however long the list (./recipientQueue.ts
// holds the statements). Every app server runs one (buildApp starts it), whether or not it runs
// a send worker. It takes a 'queueing' message under a lease, renewed each batch: a message left
// half queued by a server that died (or was restarted) is taken up from where it stopped, by
// this server when it starts or by any server's next look (every poll interval), once the lease
// has run out. A server that stops hands its message back at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { queueAll, takeQueueing } from './recipientQueue';
import { reasonOf } from './sendFailures';

export interface SendQueuerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** How long a queuer's hold on a message lasts without a batch (a dead server's runs out). */
  leaseMs: number;
  /** Looks for a half-queued message this often; 0: only at start and when woken. */
  pollMs: number;
  /** Deliveries written per statement (default 2,000). */
  batchSize?: number;
  /** A batch was committed: there is something to send (wake this server's send worker). */
  onQueued?: () => void;
}

export interface SendQueuer {
  start(): void;
  /** A send was just asked for: queue it now. */
  wake(): void;
  /** Finishes the batch under way and hands its message back. */
  stop(): Promise<void>;
  /** Resolves once nothing is left to queue (tests, the bench). */
  idle(): Promise<void>;
}

const BATCH_SIZE = 2000;
// After a failed statement (the database away), the next look waits this long.
const RETRY_MS = 1000;

export function createSendQueuer(options: SendQueuerOptions): SendQueuer {
  const { db, log, leaseMs } = options;
  const batchSize = Math.max(1, options.batchSize ?? BATCH_SIZE);
  let running = false;
  let loop: Promise<void> | null = null;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const idlers: (() => void)[] = [];

  /** Queues every message there is to queue; true when it ran out of work (not stopped). */
  async function drain(): Promise<boolean> {
    for (;;) {
      if (!running) return false;
      const messageId = await takeQueueing(db, leaseMs);
      if (messageId === null) return true;
      const outcome = await queueAll(db, messageId, {
        batchSize,
        leaseMs,
        afterBatch: () => options.onQueued?.(),
        keepGoing: () => running,
      });
      if (outcome === 'stopped') return false;
      options.onQueued?.();
    }
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = ms > 0 ? setTimeout(done, ms) : null;
      function done() {
        if (timer) clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run() {
    while (running) {
      let wait = options.pollMs;
      // Only those who asked before this pass's first look are answered by it: a pass that looked
      // before a change (a lease run out, a message queued) cannot tell whoever made the change
      // that nothing is left. Those who ask during the pass wake the next one.
      const served = idlers.splice(0);
      try {
        if (await drain()) for (const idler of served) idler();
        else idlers.unshift(...served);
      } catch (err) {
        idlers.unshift(...served);
        log.error({ err: reasonOf(err) }, 'send queuer step failed');
        wait = options.pollMs > 0 ? Math.min(options.pollMs, RETRY_MS) : RETRY_MS;
      }
      if (running) await sleep(wait);
    }
  }

  function interrupt() {
    if (wakeUp) wakeUp();
    else woken = true;
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      if (running) interrupt();
    },
    async stop() {
      running = false;
      interrupt();
      await loop;
      for (const idler of idlers.splice(0)) idler();
    },
    idle() {
      if (!running) return Promise.resolve();
      return new Promise((resolve) => {
        idlers.push(resolve);
        interrupt();
      });
    },
  };
}
