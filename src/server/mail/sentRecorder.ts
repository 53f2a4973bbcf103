// Records sent messages in the ledger together (group commit), so that the ledger costs a
// statement per group, not per message: on PGlite each statement costs the app's own thread
// most of a millisecond. A record is held until `groupSize` are, RECORD_DELAY_MS have passed,
// or the worker asks (flush(): it is about to idle or stop), whichever comes first; whatever
// was sent while one group was being written goes in the next. The loops bound how many
// messages are unrecorded (sendWorker.ts), not this file.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { markSent } from './deliveries';
import { reasonOf } from './sendFailures';
import { Abandoned, type WorkerLife } from './workerLife';

// Long enough to gather the records of a few sends (a few ms each), short enough that a record
// held while every loop is in a slow send still lands long before its lease could run out.
// Real timers even when the worker runs on a test's clock (./workerClock.ts): this delay only
// bounds how long a record waits for company, and a clock the test holds still would hold the
// record for ever.
const RECORD_DELAY_MS = 20;
// Recording failed (the database is away): try again after this long, holding on to the ids,
// so that what is unrecorded stays what was in flight.
const RETRY_MS = 1000;

export interface SentRecorder {
  /** Resolves once the delivery is marked sent; rejects if the worker stopped meanwhile. */
  record(id: number): Promise<void>;
  /** Writes the records held now (the worker is about to idle or stop). */
  flush(): void;
}

interface Waiting {
  id: number;
  done: () => void;
  fail: (err: unknown) => void;
}

export function sentRecorder(
  db: Db,
  log: Pick<FastifyBaseLogger, 'error'>,
  life: WorkerLife,
  /** Write as soon as this many records are held (one per loop in flight, say). */
  groupSize: number,
): SentRecorder {
  const waiting: Waiting[] = [];
  let writing = false;
  let wanted = false;
  let timer: NodeJS.Timeout | null = null;

  async function write() {
    writing = true;
    try {
      while (wanted && waiting.length > 0) {
        wanted = false;
        if (timer) clearTimeout(timer);
        timer = null;
        const taken = waiting.splice(0);
        try {
          life.alive();
          await markSent(
            db,
            taken.map((w) => w.id),
          );
          for (const w of taken) w.done();
        } catch (err) {
          if (err instanceof Abandoned || life.state !== 'running') {
            for (const w of taken) w.fail(err);
            continue;
          }
          log.error({ err: reasonOf(err) }, 'could not record sent chapter email; trying again');
          waiting.unshift(...taken);
          wanted = true;
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    } finally {
      writing = false;
    }
    if (waiting.length > 0) hold();
  }

  function flush() {
    wanted = true;
    if (!writing) void write();
  }

  /** A record is never held longer than RECORD_DELAY_MS. */
  function hold() {
    timer ??= setTimeout(() => {
      timer = null;
      flush();
    }, RECORD_DELAY_MS);
  }

  return {
    record(id) {
      return new Promise((done, fail) => {
        waiting.push({ id, done, fail });
        // Stopping (or gone), nobody will ask for it: write now.
        if (waiting.length >= groupSize || life.state !== 'running') flush();
        else hold();
      });
    },
    flush,
  };
}
