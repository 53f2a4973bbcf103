// `npm run bench:send`: one chapter email to a whole list, delivered by the real send worker
// over SMTP to a local smtp-server, against this machine's ceiling measured in the same run:
// nodemailer sending the same message (same size, same pool, same number in flight) straight to
// the same SMTP server. Prints messages/s of each, the ratio, and the sending process's RSS
// (before, peak, and its rise while sending: memory must stay flat however long the list).
//
// Every part runs in a process of its own, so each peak RSS is that part's alone: the SMTP
// server (counts what it accepts, throws the messages away), the contacts' generation (in
// production they come over months), each send (opens the database as an app server does,
// asks for the send as POST send_message does, queues its recipients in the background as the
// app's send queuer does, and runs the worker until the message is finished; it times the
// request and the queueing), and each ceiling run (one before and one after every send, averaged). The parts
// run compiled, as `npm start` runs the server (one esbuild bundle, as scripts/build-server.ts
// makes it, in node_modules/.cache while the bench runs): a process started with tsx carries
// its compiler and loader thread, about 70 MB of RSS an app server does not have. `--tsx` runs
// them from source.
//
//   npm run bench:send -- [--contacts 10000] [--db both|postgres|pglite] [--workers 1]
//                         [--concurrency 4] [--embedded disk|memory] [--ceiling-messages 5000]
//                         [--unrecorded N] [--tsx] [--cpu-prof DIR] [--queue-only]
//
// --queue-only: the send request and the queueing of its recipients, timed, and nothing sent (a
// list of 200,000 takes minutes to send; its queueing is what this measures).
// --unrecorded: the worker's unrecordedPerLoop (its default otherwise); --cpu-prof: the send
// process writes a V8 CPU profile into DIR.
//
// PostgreSQL: a fresh database on BENCH_DATABASE_URL or TEST_DATABASE_URL's server, dropped
// afterwards (skipped without either). PGlite: a fresh directory on disk, as an app server
// keeps it (`--embedded memory`: in memory, as tests do; then generation shares the process).
// --workers runs that many send workers in the process, as if of that many app servers.
//
// This file is what every part's process runs (`--role sink|generate|send|ceiling`, compiled
// into one bundle from it); the parts themselves are in bench/send/.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runSend, type SendReport } from './send/appSend';
import { runCeiling, type CeilingReport } from './send/ceilingSend';
import { runGenerate } from './send/contacts';
import { answer, compiledParts, runPart, sourceParts, type Parts } from './send/parts';
import { appConfig, type Target } from './send/setup';
import { accepted, runSink, startSink } from './send/sink';
import { pgliteTarget, postgresTarget, type MadeTarget } from './send/targets';

const { values: args } = parseArgs({
  options: {
    contacts: { type: 'string', default: process.env.BENCH_CONTACTS ?? '10000' },
    db: { type: 'string', default: 'both' },
    workers: { type: 'string', default: process.env.BENCH_WORKERS ?? '1' },
    concurrency: { type: 'string', default: process.env.MAIL_SEND_CONCURRENCY ?? '' },
    embedded: { type: 'string', default: 'disk' },
    unrecorded: { type: 'string', default: '' },
    tsx: { type: 'boolean', default: false },
    'ceiling-messages': { type: 'string', default: '' },
    'cpu-prof': { type: 'string', default: '' },
    'queue-only': { type: 'boolean', default: false },
    // Internal: which part this process is.
    role: { type: 'string', default: 'main' },
    port: { type: 'string', default: '0' },
    target: { type: 'string', default: '' },
  },
  allowPositionals: true,
});

const CONTACTS = Number(args.contacts);
const WORKERS = Number(args.workers);
const ENTRY = fileURLToPath(import.meta.url);

const fmt = (n: number) => n.toFixed(0);
const ceilingMessages = () => Number(args['ceiling-messages'] || Math.min(CONTACTS, 5000));

let parts: Parts;

/** A part in a process of its own, given this run's options; the send's may be profiled. */
function child<T>(role: string, extra: string[]): Promise<T> {
  const profile =
    role === 'send' && args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  return runPart<T>(parts, role, process.argv.slice(2), extra, profile);
}

async function main() {
  parts = args.tsx ? sourceParts(ENTRY) : await compiledParts(ENTRY);
  const { sink, port } = await startSink(parts);
  const ceilingCount = ceilingMessages();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const which = args.db === 'both' ? ['postgres', 'pglite'] : [args.db!];
  const concurrency = appConfig(port, args.concurrency).mail.sendConcurrency;
  console.log(
    `${CONTACTS} contacts, ${WORKERS} worker(s) x ${concurrency} in flight; ceiling: nodemailer, ${ceilingCount} messages, ${concurrency} in flight; parts ${args.tsx ? 'from source (tsx)' : 'compiled'}`,
  );
  let failed = false;
  const ceiling = async () => {
    const before = await accepted(sink);
    const run = await child<CeilingReport>('ceiling', ['--port', String(port)]);
    if ((await accepted(sink)) - before !== run.count) failed = true;
    return run;
  };
  try {
    for (const kind of which) {
      let made: MadeTarget;
      if (kind === 'postgres') {
        if (!adminUrl) {
          console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
          continue;
        }
        made = await postgresTarget(adminUrl);
      } else {
        made = pgliteTarget(args.embedded);
      }
      const { target, label } = made;
      try {
        const inMemory = target.embeddedDir === 'memory';
        if (!inMemory) await child('generate', ['--target', JSON.stringify(target)]);
        if (args['queue-only']) {
          const queued = await child<SendReport>('send', [
            '--target',
            JSON.stringify(target),
            '--port',
            String(port),
          ]);
          console.log(`\n${label}`);
          console.log(
            `  the send request answered in ${fmt(queued.requestMs)} ms; its ${queued.recipients} recipients were queued in the background ${(queued.queueingMs / 1000).toFixed(1)} s after the answer (${fmt(queued.recipients / (queued.queueingMs / 1000))} a second); ledger rows: ${queued.queuedRows}; peak RSS ${fmt(queued.peakMb)} MB`,
          );
          if (queued.queuedRows !== queued.recipients) failed = true;
          continue;
        }
        const c1 = await ceiling();
        const before = await accepted(sink);
        const send = await child<SendReport>('send', [
          '--target',
          JSON.stringify(target),
          '--port',
          String(port),
        ]);
        const got = (await accepted(sink)) - before;
        const c2 = await ceiling();
        const rate = send.recipients / send.seconds;
        const ceilingRate = (c1.count / c1.seconds + c2.count / c2.seconds) / 2;
        console.log(`\n${label}`);
        console.log(
          `  ceiling (nodemailer to the sink): ${fmt(c1.count / c1.seconds)} and ${fmt(c2.count / c2.seconds)} messages/s, ${(c1.cpuMs / c1.count).toFixed(2)} ms CPU each`,
        );
        console.log(
          `  chapter email: ${send.recipients} messages in ${send.seconds.toFixed(1)} s = ${fmt(rate)} messages/s, ${(send.cpuMs / send.recipients).toFixed(2)} ms CPU each (worker process)`,
        );
        console.log(`  ratio to the ceiling: ${(rate / ceilingRate).toFixed(2)}`);
        console.log(
          `  the send request answered in ${fmt(send.requestMs)} ms; its ${send.recipients} recipients were queued in the background ${(send.queueingMs / 1000).toFixed(1)} s after the answer (${fmt(send.recipients / (send.queueingMs / 1000))} a second), while the worker sent`,
        );
        console.log(
          `  RSS: ${fmt(send.rssBeforeMb)} MB before the send, ${fmt(send.rssFirstSecondMb)} MB in its first second, at most ${fmt(send.rssMaxSendingMb)} MB while sending, ${fmt(send.rssEndMb)} MB at the end; peak RSS ${fmt(send.peakMb)} MB`,
        );
        console.log(`  SMTP server accepted ${got}; ledger rows sent: ${send.sentRows}`);
        if (
          got !== send.recipients ||
          send.sentRows !== send.recipients ||
          send.queuedRows !== send.recipients
        )
          failed = true;
      } finally {
        await made.cleanup();
      }
    }
  } finally {
    sink.kill();
    parts.cleanup();
  }
  if (failed) {
    console.log('\nFAILED: a message was lost or sent twice');
    process.exitCode = 1;
  }
}

async function part() {
  const target = args.target ? (JSON.parse(args.target) as Target) : undefined;
  switch (args.role) {
    case 'sink':
      return runSink();
    case 'generate':
      await runGenerate(target!, CONTACTS);
      return answer({ done: true });
    case 'send': {
      const inMemory = target!.embeddedDir === 'memory';
      return answer(
        await runSend(target!, {
          port: Number(args.port),
          workers: WORKERS,
          concurrency: args.concurrency,
          unrecorded: args.unrecorded,
          generateHere: inMemory ? CONTACTS : 0,
          queueOnly: args['queue-only'] ?? false,
        }),
      );
    }
    case 'ceiling':
      return answer(await runCeiling(Number(args.port), ceilingMessages(), args.concurrency));
  }
}

if (args.role === 'main') await main();
else await part();
