// Every app server's loop over the transactional mail queue (./mailQueue.ts): every poll it
// claims what is due, one mail at a time, and tries it; once an hour it deletes the day-old sent
// rows. One row per claim: the queue is small (receipts, welcomes, links), and a claim of one
// never holds mail another server could be sending.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { purgeMailQueue } from './mailQueue';
import type { QueueSender } from './mailQueueSender';
import { reasonOf } from './sendFailures';
import type { Cancel, WorkerClock } from './workerClock';

const PURGE_EVERY_MS = 60 * 60_000;

export interface MailQueueLoop {
  start(): void;
  /** Claims and tries every mail due now; answers how many were tried. */
  look(): Promise<number>;
  stop(): Promise<void>;
}

export function mailQueueLoop(options: {
  db: Db;
  queue: QueueSender | null;
  log: Pick<FastifyBaseLogger, 'error'>;
  clock: WorkerClock;
  /** Between looks; 0 (or no queue: mail goes to the outbox) makes a loop that never runs. */
  pollMs: number;
}): MailQueueLoop {
  const { db, queue, log, clock, pollMs } = options;
  let timer: Cancel | null = null;
  let looking: Promise<number> | null = null;
  let purgedAt = -Infinity;
  let stopped = false;

  async function lookOnce(): Promise<number> {
    if (!queue) return 0;
    let tried = 0;
    for (;;) {
      if (stopped) break;
      const mail = await queue.claim();
      if (!mail) break;
      await queue.attempt(mail);
      tried += 1;
    }
    if (clock.now() - purgedAt >= PURGE_EVERY_MS) {
      await purgeMailQueue(db, clock.leaseNow());
      purgedAt = clock.now();
    }
    return tried;
  }

  /** One look at a time; a look asked for meanwhile is the one under way. */
  function look(): Promise<number> {
    looking ??= lookOnce().finally(() => {
      looking = null;
    });
    return looking;
  }

  return {
    start() {
      if (!queue || pollMs <= 0 || timer) return;
      timer = clock.every(pollMs, () =>
        look().catch((err: unknown) => {
          log.error({ err: reasonOf(err) }, 'mail queue look failed');
        }),
      );
    },
    look,
    async stop() {
      stopped = true;
      timer?.();
      timer = null;
      await looking?.catch(() => {});
    },
  };
}
