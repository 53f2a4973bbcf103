// The mail schedule's loop: every app server runs one (buildApp starts it). Every
// MAIL_SCHEDULE_POLL_MS it plans (./plan.ts) and fires what is due (./fire.ts); a change to a
// date or a setting wakes it on the server that made it. The schedule itself is in the
// database, so a server killed at any moment loses nothing: what it was firing rolls back and is
// fired by the next look, its own after a restart or another server's.
import type { MailSchedule } from '../../mail/mailSchedule';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { reasonOf } from '../../mail/sendFailures';
import { realClock, type Cancel, type WorkerClock } from '../../mail/workerClock';
import { fireNext, type FireOptions } from './fire';
import { planSchedule } from './plan';

export interface MailScheduleOptions extends FireOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** MAIL_SCHEDULE_POLL_MS; 0: never on its own (tests run `look()`). */
  pollMs: number;
  /** The moment it is: the process's clock, or a test's. */
  now?: () => Date;
  /** Its timers (a test's clock moves them). */
  clock?: WorkerClock;
  /** A list reminder went to 'queueing': the send queuer should look now. */
  onQueueing?: () => void;
  /** Copies were written: the send worker should look now. */
  onQueued?: () => void;
}

export type { MailSchedule };

/** Fired per look at most: the next look goes on (a poll is short). */
const MOST_PER_LOOK = 5000;

export function createMailSchedule(options: MailScheduleOptions): MailSchedule {
  const { db, log, pollMs } = options;
  const now = options.now ?? (() => new Date());
  const clock = options.clock ?? realClock;
  let running = false;
  let timer: Cancel | null = null;
  let looking: Promise<number> | null = null;
  let again = false;

  async function lookOnce(): Promise<number> {
    await planSchedule(db, now());
    let fired = 0;
    let queueing = false;
    let queued = false;
    while (fired < MOST_PER_LOOK) {
      const outcome = await fireNext(db, now(), options);
      if (outcome === null) break;
      fired += 1;
      if (outcome === 'queueing') queueing = true;
      if (outcome === 'queued') queued = true;
      // The queuer starts on the first while the rest are fired.
      if (queueing) options.onQueueing?.();
    }
    if (queued) options.onQueued?.();
    return fired;
  }

  function look(): Promise<number> {
    if (looking) {
      again = true;
      return looking;
    }
    looking = lookOnce().finally(() => {
      looking = null;
      if (again) {
        again = false;
        void look().catch(() => {});
      }
    });
    return looking;
  }

  function schedule(ms: number) {
    timer?.();
    timer = clock.after(ms, () =>
      look()
        .catch((err: unknown) => log.error({ err: reasonOf(err) }, 'mail schedule look failed'))
        .finally(() => {
          if (running) schedule(pollMs);
        }),
    );
  }

  return {
    start() {
      if (running || pollMs <= 0) return;
      running = true;
      schedule(0);
    },
    wake() {
      if (running) schedule(0);
    },
    look,
    async stop() {
      running = false;
      timer?.();
      timer = null;
      await looking?.catch(() => {});
    },
  };
}
