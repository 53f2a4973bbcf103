// The send worker: delivers queued chapter email from the database. Every app server runs one
// (buildApp starts it); they share the work through the ledger's leases (./deliveries.ts), so a
// server that dies loses nothing: the rows it had claimed run out of lease (a live worker renews
// them by a heartbeat, ./claimQueue.ts) and another worker sends them. Idle, a worker looks for
// work every MAIL_SEND_POLL_MS; a send queued on the same server wakes it at once.
//
// Its parts: the claimed rows (./claimQueue.ts, a batch per statement, fetched ahead), the
// rendered messages (./sendTemplates.ts), the last look before a send (./startGate.ts: a
// cancelled row is not sent), the records of sent rows (./sentRecorder.ts, group commit) and of
// refused ones (./sendFailures.ts). Here: the `concurrency` loops that take a
// row, send it and have it recorded.
//
// Duplicates stay bounded: a loop sends its next message while the last one is being recorded,
// but not before the one before that is recorded, so each loop has at most `unrecordedPerLoop`
// messages the SMTP server may have taken that the ledger does not say are sent: a server that
// dies sends at most `concurrency * unrecordedPerLoop` messages twice (with the same
// Message-ID). The rest of its batch was never sent, and is sent once by whoever takes it over.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { SmtpSender } from './mailer';
import { personalize } from './chapterMessage';
import { claimQueue, type Claimed } from './claimQueue';
import { markDone } from './deliveries';
import { MAX_ATTEMPTS, reasonOf, recordFailure } from './sendFailures';
import { sendTemplates } from './sendTemplates';
import { sentRecorder } from './sentRecorder';
import { startGate } from './startGate';
import { realClock, type WorkerClock } from './workerClock';
import { Abandoned, workerLife } from './workerLife';

export interface SendWorkerOptions {
  db: Db;
  /** Straight to SMTP: the ledger retries what is refused itself. */
  mailer: SmtpSender;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  tracking: boolean;
  /** Idle wait between looks for work; 0 makes a worker that never runs. */
  pollMs: number;
  /**
   * How long a claim lasts past the worker's last heartbeat (renewed every third of it while
   * the row is in hand): how soon a dead worker's rows are taken over.
   */
  leaseMs: number;
  /** Deliveries in flight at once (default 1). */
  concurrency?: number;
  /**
   * Messages a loop may have sent before the ledger says so (default 2): the next one is sent
   * while the last is being recorded. 1 waits for each record before the next send.
   */
  unrecordedPerLoop?: number;
  /** Rows claimed per statement (default 50). */
  batchSize?: number;
  /** Claims of one delivery (crashes included) before it is given up as failed. */
  maxAttempts?: number;
  /**
   * Told of each copy the SMTP server took ('sent') or refused ('refused'), as it answers
   * (/metrics counts this server's own sends; the ledger is the record).
   */
  onSmtpAnswer?: (answer: 'sent' | 'refused') => void;
  /** Its time: the process's and the database's (the default), or a test's (./workerClock.ts). */
  clock?: WorkerClock;
}

export interface SendWorker {
  start(): void;
  /** Look for work now (a message was just queued). */
  wake(): void;
  /** Stops after the deliveries in hand are sent and recorded; hands back the rest. */
  stop(): Promise<void>;
  /**
   * Stops at once as if the process had died: the deliveries it claimed stay claimed,
   * unrecorded, until their lease runs out. For tests of exactly that. Resolves once every
   * send it had in flight came back and every statement it had begun ended: it writes nothing
   * more from then on.
   */
  abandon(): Promise<void>;
  /**
   * Resolves once every loop is waiting for work (it found nothing to claim, nothing it took is
   * left unsent, and every record of a sent message ended). For tests that move a clock of
   * their own and wait for what follows.
   */
  waiting(): Promise<void>;
}

const BATCH_SIZE = 50;
const UNRECORDED_PER_LOOP = 2;

/**
 * Settles with the error a record ended in (null: recorded); never rejects. In an object, so
 * that an async function can hand it over unsettled.
 */
interface Recorded {
  settled: Promise<unknown>;
}
const recordedNow: Recorded = { settled: Promise.resolve(null) };

export function createSendWorker(options: SendWorkerOptions): SendWorker {
  const { db, mailer, log, pollMs, leaseMs, publicUrl } = options;
  const clock = options.clock ?? realClock;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const unrecordedPerLoop = Math.max(1, options.unrecordedPerLoop ?? UNRECORDED_PER_LOOP);
  const life = workerLife();
  const batchSize = Math.max(1, options.batchSize ?? BATCH_SIZE);
  const queue = claimQueue({
    db,
    log,
    life,
    clock,
    leaseMs,
    batchSize,
    // Half a batch ahead: a claim takes longer than a few sends, and the loops must not wait.
    fetchAheadBelow: Math.max(concurrency, Math.ceil(batchSize / 2)),
  });
  const templateOf = sendTemplates(db, { publicUrl, tracking: options.tracking });
  const gate = startGate(db, concurrency);
  // A group is written once every loop could be holding as many records as it may while it
  // still sends: more, and the loops would stop to wait for it.
  const recorder = sentRecorder(db, log, life, concurrency * Math.max(1, unrecordedPerLoop - 1));
  let loops: Promise<void> | null = null;
  const sleepers = new Set<() => void>();
  let woken = false;
  /** Records of sent messages not yet ended (written or failed). */
  let recording = 0;
  /** Told when every loop is waiting for work and no record is under way (waiting()). */
  let onAllWaiting: (() => void)[] = [];

  /**
   * Sends one claimed row. 'sent': the SMTP server took it, and it is not recorded yet;
   * 'recorded': its outcome (refused, skipped, given up) is in the ledger already.
   */
  async function attempt(item: Claimed): Promise<'sent' | 'recorded'> {
    const { row } = item;
    const content = await templateOf(row.messageId);
    life.alive();
    if (!queue.mayStart(item)) {
      // Taken over, or too little of its lease is known to be left (the heartbeat failed):
      // sending it now could send it twice. Handed back if still ours; done with either way.
      await queue.giveUp(item);
    } else if (!content) {
      // The message is gone (its rows go with it; this one may still be in hand).
      await markDone(db, row.id, 'skipped', null);
    } else if (row.attempts > maxAttempts) {
      // Claimed this often, it killed its worker each time: do not let it do so again.
      await markDone(db, row.id, 'failed', 'Gave up after repeated interrupted attempts.');
    } else if (!(await gate.mayStillSend(row))) {
      // Cancelled by the host, or taken over, since it was claimed: not ours to send. Nothing
      // to record; the row is done with.
      life.alive();
    } else {
      const refusal = await mailer.sendNow(personalize(content, row, publicUrl)).then(
        () => null,
        (err: unknown) => ({ err }),
      );
      life.alive();
      options.onSmtpAnswer?.(refusal ? 'refused' : 'sent');
      if (!refusal) return 'sent';
      await recordFailure(db, log, row, refusal.err, maxAttempts, clock.leaseNow());
    }
    return 'recorded';
  }

  /**
   * Sends one claimed row. Resolves once the SMTP server answered; what it resolves to settles
   * once the outcome is in the ledger and the row is done with.
   */
  async function deliver(item: Claimed): Promise<Recorded> {
    let outcome: 'sent' | 'recorded';
    try {
      outcome = await attempt(item);
    } catch (err) {
      // Nothing recorded (the database is away): the row runs out of lease and is claimed
      // again, by this worker too.
      queue.letGo(item);
      throw err;
    }
    if (outcome === 'recorded') {
      life.alive();
      await queue.done(item);
      return recordedNow;
    }
    recording += 1;
    const settled = recorder
      .record(item.row.id)
      .then(() => queue.done(item))
      .then(
        () => null,
        (err: unknown) => err,
      )
      .finally(() => {
        recording -= 1;
        tellIfAllWaiting();
      });
    return { settled };
  }

  function idle(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const cancel = clock.after(pollMs, done);
      function done() {
        cancel();
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
      tellIfAllWaiting();
    });
  }

  const allWaiting = () => sleepers.size === concurrency && recording === 0;

  function tellIfAllWaiting() {
    if (!allWaiting()) return;
    const told = onAllWaiting;
    onAllWaiting = [];
    for (const tell of told) tell();
  }

  /** Waits for the oldest of a loop's records; throws what it failed with. */
  async function oldestRecorded(unrecorded: Recorded[]) {
    const failure = await unrecorded.shift()?.settled;
    if (failure) throw failure;
  }

  async function run() {
    // This loop's sent messages whose record is under way, oldest first.
    const unrecorded: Recorded[] = [];
    while (life.state === 'running') {
      let worked = false;
      try {
        while (unrecorded.length >= unrecordedPerLoop) await oldestRecorded(unrecorded);
        const item = await queue.next();
        if (item && life.state === 'running') {
          worked = true;
          unrecorded.push(await deliver(item));
        } else if (item) {
          // Stopping: this one goes back with the rest of the queue.
          queue.putBack(item);
        }
      } catch (err) {
        // Dead: it sends and claims nothing more; what it had begun to record ends below.
        if (err instanceof Abandoned) break;
        // The database is away, most likely: wait a round and try again.
        log.error({ err: reasonOf(err) }, 'send worker step failed');
      }
      if (!worked && life.state === 'running') {
        // Nothing to send now: what was sent goes in the ledger before the wait.
        recorder.flush();
        await idle();
      }
    }
    // Stopping: what this loop sent is recorded before the worker says it stopped.
    if (unrecorded.length > 0) recorder.flush();
    while (unrecorded.length > 0) {
      await oldestRecorded(unrecorded).catch((err: unknown) => {
        if (!(err instanceof Abandoned))
          log.error({ err: reasonOf(err) }, 'send worker step failed');
      });
    }
  }

  function interrupt() {
    // Idle: wake now. Busy: the next idle() returns at once, so a wake is never lost.
    if (sleepers.size === 0) woken = true;
    for (const wake of [...sleepers]) wake();
  }

  return {
    start() {
      if (pollMs <= 0 || life.state !== 'idle') return;
      life.state = 'running';
      loops = Promise.all(Array.from({ length: concurrency }, run)).then(() => {});
    },
    wake() {
      if (life.state === 'running') interrupt();
    },
    async stop() {
      if (life.state === 'running') life.state = 'stopping';
      interrupt();
      await loops;
      if (life.state !== 'stopping') return;
      life.state = 'stopped';
      // What was claimed but not started goes back now, not when its lease runs out.
      await queue
        .handBack()
        .catch((err: unknown) =>
          log.error({ err: reasonOf(err) }, 'could not hand back claimed chapter email'),
        );
    },
    async abandon() {
      life.state = 'abandoned';
      interrupt();
      await loops;
    },
    waiting() {
      if (life.state === 'running' && allWaiting()) return Promise.resolve();
      return new Promise((resolve) => onAllWaiting.push(resolve));
    },
  };
}
