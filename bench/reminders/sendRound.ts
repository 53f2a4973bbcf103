// The sending round of `npm run bench:reminders`: the fired list reminders' copies sent by the
// app's own send worker (as an app server runs it, through the app's mailer) to a local SMTP
// sink, against the ceiling measured in the same run, once before and once after: nodemailer
// alone sending as many copies of the same reminder, rendered as the worker renders it, to the
// same sink, as many in flight. Both are bench:send's own (bench/send/sink.ts, ceilingSend.ts);
// the sink runs in a process of its own, the worker and the ceiling in this one, one after the
// other, so each one's CPU is this process's while it runs.
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/core/database';
import { loadMessage } from '../../src/server/mail/deliveries';
import { createMailer } from '../../src/server/mail/mailer';
import { createSendWorker } from '../../src/server/mail/sendWorker';
import { runCeiling, type CeilingReport } from '../send/ceilingSend';
import { sourceParts } from '../send/parts';
import { appConfig } from '../send/setup';
import { accepted, startSink } from '../send/sink';
import { profiled } from './cpuProfile';

export interface SendRoundReport {
  /** Copies the worker sent (the SMTP sink took), and in how long. */
  count: number;
  seconds: number;
  cpuMs: number;
  /** The ceiling measured before the worker's round, and after it. */
  ceilings: { before: CeilingReport; after: CeilingReport };
  inFlight: number;
  /** Database transactions (each statement outside one is one) during the worker's round. */
  transactions: number;
  /** Whether the sink took exactly what the ledger says was sent, and each ceiling's count. */
  exact: boolean;
}

const silent = { info() {}, warn() {}, error: console.error };

/**
 * Transactions committed or rolled back in the bench's database so far (pg_stat_database, which
 * each backend updates within a second of its transactions: read after a settle, as bench:rsvp).
 */
async function transactions(db: Db): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select xact_commit + xact_rollback as n from pg_stat_database
        where datname = current_database()`,
  );
  return Number(row?.n ?? 0);
}

const sentRows = async (db: Db) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from mailing_deliveries where status = 'sent'`,
      )
    )[0]?.n ?? 0,
  );

/**
 * Sends `count` of the queued reminders' copies through the send worker, between two ceilings;
 * with `cpuProfileDir`, the worker's round (only) is profiled into it (./cpuProfile.ts); with
 * `staleStats`, the ledger is not analyzed before it.
 */
export async function sendRound(
  db: Db,
  count: number,
  cpuProfileDir = '',
  staleStats = false,
): Promise<SendRoundReport> {
  // The sink is bench:send's part, run from its own entry file.
  const parts = sourceParts(fileURLToPath(new URL('../send.ts', import.meta.url)));
  const { sink, port } = await startSink(parts);
  try {
    const config = appConfig(port, '');
    const [first] = await queryRows<{ id: number }>(
      db,
      sql`select id from mailing_messages where kind = 'reminder' and status = 'queued'
          order by id limit 1`,
    );
    // The ledger's statistics as autovacuum would have them a minute after the queueing (the
    // bench's server runs without it), unless `staleStats`: then the planner has not heard of
    // the 200,000 copies written since the last analyze. The worker's looks at the copies it
    // holds once read every pending row in that state (70 ms each; 23 messages a second in
    // all); they now go by id whatever the statistics (deliveries.ts `underClaim`).
    if (!staleStats) await db.execute(sql`analyze mailing_deliveries`);
    const reminder = first ? await loadMessage(db, first.id) : null;
    if (!reminder) throw new Error('no queued list reminder to send');
    let exact = true;
    const ceiling = async () => {
      const before = await accepted(sink);
      const run = await runCeiling(port, count, '', reminder);
      if ((await accepted(sink)) - before !== run.count) exact = false;
      return run;
    };
    // A first, uncounted run: this process's first sends would otherwise charge the compiling
    // of nodemailer's code to the first ceiling alone.
    await runCeiling(port, Math.min(count, 500), '', reminder);
    const c1 = await ceiling();

    const mailer = createMailer(config, db, silent as never);
    const sentBefore = await sentRows(db);
    const xactsBefore = await transactions(db);
    const acceptedBefore = await accepted(sink);
    let answered = 0;
    let reached: () => void = () => {};
    const done = new Promise<void>((resolve) => (reached = resolve));
    const worker = createSendWorker({
      db,
      mailer,
      log: silent,
      publicUrl: config.publicUrl,
      tracking: true,
      pollMs: 50,
      leaseMs: config.mail.sendLeaseMs,
      concurrency: config.mail.sendConcurrency,
      onSmtpAnswer: (said) => {
        if (said === 'sent' && ++answered === count) reached();
      },
    });
    const { seconds, cpu } = await profiled(cpuProfileDir, 'send-worker', async () => {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      worker.start();
      await done;
      return {
        seconds: (performance.now() - started) / 1000,
        cpu: process.cpuUsage(cpuBefore),
      };
    });
    // What it had in hand when the count was reached is sent and recorded; the rest handed back.
    await worker.stop();
    await mailer.close();
    // Less the first read's own transaction, which the second one sees.
    const xacts = (await transactions(db)) - xactsBefore - 1;
    const sent = (await sentRows(db)) - sentBefore;
    if ((await accepted(sink)) - acceptedBefore !== sent) exact = false;

    const c2 = await ceiling();
    return {
      count,
      seconds,
      cpuMs: (cpu.user + cpu.system) / 1000,
      ceilings: { before: c1, after: c2 },
      inFlight: config.mail.sendConcurrency,
      transactions: xacts,
      exact,
    };
  } finally {
    sink.kill();
  }
}
