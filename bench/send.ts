// `npm run bench:send`: one chapter email to a whole list, delivered by the real send worker
// over SMTP to a local smtp-server, against this machine's ceiling measured in the same run:
// nodemailer sending the same message (same size, same pool, same number in flight) straight to
// the same SMTP server. Prints messages/s of each, the ratio, and the sending process's RSS
// (before, peak, and its rise while sending: memory must stay flat however long the list).
//
// Every part runs in a process of its own, so each peak RSS is that part's alone: the SMTP
// server (counts what it accepts, throws the messages away), the contacts' generation (in
// production they come over months), each send (opens the database as an app server does,
// queues the message as POST send_message does, and runs the worker until the message is
// finished), and each ceiling run (one before and one after every send, averaged). The parts
// run compiled, as `npm start` runs the server (one esbuild bundle, as scripts/build-server.ts
// makes it, in node_modules/.cache while the bench runs): a process started with tsx carries
// its compiler and loader thread, about 70 MB of RSS an app server does not have. `--tsx` runs
// them from source.
//
//   npm run bench:send -- [--contacts 10000] [--db both|postgres|pglite] [--workers 1]
//                         [--concurrency 4] [--embedded disk|memory] [--ceiling-messages 5000]
//                         [--unrecorded N] [--tsx] [--cpu-prof DIR]
//
// --unrecorded: the worker's unrecordedPerLoop (its default otherwise); --cpu-prof: the send
// process writes a V8 CPU profile into DIR.
//
// PostgreSQL: a fresh database on BENCH_DATABASE_URL or TEST_DATABASE_URL's server, dropped
// afterwards (skipped without either). PGlite: a fresh directory on disk, as an app server
// keeps it (`--embedded memory`: in memory, as tests do; then generation shares the process).
// --workers runs that many send workers in the process, as if of that many app servers.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import {
  chapters,
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
  users,
} from '../src/server/db/schema';
import { personalize, renderTemplate } from '../src/server/mail/chapterMessage';
import { createMailer } from '../src/server/mail/mailer';
import { createSendWorker } from '../src/server/mail/sendWorker';
import { sanitizeRichText } from '../src/server/modules/content/sanitize';
import { sendMessage } from '../src/server/modules/mailing/sendService';
import type { User } from '../src/common/schemas/auth';

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
    // Internal: which part this process is.
    role: { type: 'string', default: 'main' },
    port: { type: 'string', default: '0' },
    target: { type: 'string', default: '' },
  },
  allowPositionals: true,
});

const CONTACTS = Number(args.contacts);
const WORKERS = Number(args.workers);
const BODY =
  '<p>We meet on <strong>Tuesday</strong> at the usual place. <a href="https://example.org/map">Map</a></p>';
const TITLE = 'This week';
const PUBLIC_URL = 'https://chapters.example.org';
const MB = 1024 * 1024;

function appConfig(port: number) {
  return loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Network <news@example.org>',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    MAIL_SEND_CONCURRENCY: args.concurrency,
  });
}

/** Where a part's database is: a PostgreSQL URL, a PGlite directory, or 'memory'. */
interface Target {
  url?: string;
  embeddedDir: string;
}

const openTarget = (target: Target): Promise<Database> =>
  openDatabase({ url: target.url, embeddedDir: target.embeddedDir, poolMax: 10 });

// ---- the SMTP server ----

function runSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.server.address() as AddressInfo).port });
  });
  process.on('message', () => process.send!({ accepted }));
}

// ---- generation ----

async function generate(database: Database) {
  const { db } = database;
  const [list] = await db.insert(mailingLists).values({ name: 'Bench list' }).returning();
  await db.insert(chapters).values({
    title: 'Bench Town',
    slug: 'bench-town',
    status: 1,
    emailAlias: 'bench',
    brontoListId: String(list!.id),
  });
  await db
    .insert(users)
    .values({ name: 'Bench Host', email: 'host@example.org', username: 'host@example.org' });
  for (let start = 0; start < CONTACTS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, CONTACTS - start) }, (_, i) => ({
      listId: list!.id,
      email: `reader${start + i}@example.org`,
      unsubscribeToken: randomBytes(16).toString('hex'),
    }));
    await db.insert(mailingListContacts).values(batch);
  }
}

async function runGenerate(target: Target) {
  const database = await openTarget(target);
  try {
    await database.migrate();
    await generate(database);
  } finally {
    await database.close();
  }
}

// ---- one send, as an app server does it ----

interface SendReport {
  recipients: number;
  seconds: number;
  sentRows: number;
  rssBeforeMb: number;
  rssFirstSecondMb: number;
  rssMaxSendingMb: number;
  rssEndMb: number;
  peakMb: number;
  cpuMs: number;
}

async function runSend(target: Target, port: number, generateHere: boolean): Promise<SendReport> {
  const database = await openTarget(target);
  try {
    const { db } = database;
    if (generateHere) {
      await database.migrate();
      await generate(database);
    }
    const config = appConfig(port);
    const log = { info() {}, warn() {}, error: console.error };
    const mailer = createMailer(config, db, log as never);
    const [chapter] = await db.select().from(chapters).where(eq(chapters.slug, 'bench-town'));
    const [sender] = await db.select().from(users).limit(1);

    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const { messageId, recipients } = await sendMessage(db, { id: sender!.id } as User, chapter!, {
      listId: chapter!.brontoListId!,
      title: TITLE,
      body: BODY,
    });
    const workers = Array.from({ length: WORKERS }, () =>
      createSendWorker({
        db,
        mailer,
        log,
        publicUrl: config.publicUrl,
        tracking: true,
        pollMs: 50,
        leaseMs: config.mail.sendLeaseMs,
        concurrency: config.mail.sendConcurrency,
        ...(args.unrecorded ? { unrecordedPerLoop: Number(args.unrecorded) } : {}),
      }),
    );
    workers.forEach((w) => w.start());
    let rssFirstSecond = 0;
    let rssMax = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      rssMax = Math.max(rssMax, rss);
      if (Date.now() - started <= 1500) rssFirstSecond = Math.max(rssFirstSecond, rss);
    }, 100);
    for (;;) {
      const [message] = await db
        .select({ status: mailingMessages.status })
        .from(mailingMessages)
        .where(eq(mailingMessages.id, messageId));
      if (message!.status === 'finished') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const rssEnd = process.memoryUsage().rss;
    const cpu = process.cpuUsage(cpuBefore);
    await Promise.all(workers.map((w) => w.stop()));
    mailer.close();
    const sent = await db
      .select({ id: mailingDeliveries.id })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.status, 'sent'));
    return {
      recipients,
      seconds,
      sentRows: sent.length,
      rssBeforeMb: rssBefore / MB,
      rssFirstSecondMb: (rssFirstSecond || rssEnd) / MB,
      rssMaxSendingMb: Math.max(rssMax, rssEnd) / MB,
      rssEndMb: rssEnd / MB,
      peakMb: process.resourceUsage().maxRSS / 1024,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  } finally {
    await database.close();
  }
}

// ---- the ceiling: nodemailer straight to the SMTP server ----

async function runCeiling(port: number, count: number) {
  const config = appConfig(port);
  const inFlight = config.mail.sendConcurrency;
  // The very message a member gets (the app's own rendering, done once), so sizes match.
  const template = renderTemplate(
    {
      subject: TITLE,
      body: sanitizeRichText(BODY),
      fromName: 'Bench Town',
      replyTo: 'bench@drinkingliberally.org',
    },
    { publicUrl: PUBLIC_URL, tracking: true },
  );
  // The same transport options as the app's mailer (src/server/mail/mailer.ts).
  const transport = nodemailer.createTransport({ url: config.mail.smtpUrl!, pool: true });
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  let next = 0;
  async function loop() {
    while (next < count) {
      const i = next++;
      const token = randomBytes(16).toString('hex');
      const mail = personalize(
        template,
        { email: `reader${i}@example.org`, trackingToken: token, unsubscribeToken: token },
        PUBLIC_URL,
      );
      const { fromName, ...rest } = mail;
      await transport.sendMail({
        ...rest,
        from: { name: fromName ?? '', address: 'news@example.org' },
        attachDataUrls: true,
      });
    }
  }
  await Promise.all(Array.from({ length: inFlight }, loop));
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  transport.close();
  return { count, seconds, cpuMs: (cpu.user + cpu.system) / 1000, inFlight };
}

// ---- the orchestra ----

/** What each part's process runs: this file through tsx, or it compiled. */
interface Parts {
  file: string;
  execArgv: string[];
  cleanup(): void;
}

/** This file and what it imports of ours in one ES module, as scripts/build-server.ts builds. */
async function compiledParts(): Promise<Parts> {
  // Inside the project, so that the packages left out of the bundle are found as they are.
  const cache = fileURLToPath(new URL('../node_modules/.cache', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, 'bench-send-'));
  const file = path.join(dir, 'send.js');
  await build({
    entryPoints: [fileURLToPath(import.meta.url)],
    outfile: file,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    logLevel: 'warning',
  });
  // db/client.ts looks for the migrations beside the running file.
  const migrations = fileURLToPath(new URL('../src/server/db/migrations', import.meta.url));
  cpSync(migrations, path.join(dir, 'migrations'), { recursive: true });
  return { file, execArgv: [], cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const sourceParts = (): Parts => ({
  file: fileURLToPath(import.meta.url),
  execArgv: ['--import', 'tsx'],
  cleanup() {},
});

let parts: Parts;

function child<T>(role: string, extra: string[]): Promise<T> {
  const profile =
    role === 'send' && args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  return new Promise((resolve, reject) => {
    const proc = fork(parts.file, [...process.argv.slice(2), '--role', role, ...extra], {
      execArgv: [...parts.execArgv, ...profile],
    });
    let answer: T | undefined;
    proc.on('message', (m: T) => (answer = m));
    proc.on('exit', (code) =>
      code === 0 && answer !== undefined
        ? resolve(answer)
        : reject(new Error(`${role} exited with ${code}`)),
    );
  });
}

async function withAdmin(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function accepted(sink: ChildProcess): Promise<number> {
  sink.send('count');
  return new Promise<number>((resolve) =>
    sink.once('message', (m: { accepted: number }) => resolve(m.accepted)),
  );
}

const fmt = (n: number) => n.toFixed(0);
const ceilingMessages = () => Number(args['ceiling-messages'] || Math.min(CONTACTS, 5000));

async function main() {
  parts = args.tsx ? sourceParts() : await compiledParts();
  const sink = fork(parts.file, ['--role', 'sink'], { execArgv: parts.execArgv });
  const port = await new Promise<number>((resolve) =>
    sink.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const ceilingCount = ceilingMessages();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const which = args.db === 'both' ? ['postgres', 'pglite'] : [args.db!];
  const concurrency = appConfig(port).mail.sendConcurrency;
  console.log(
    `${CONTACTS} contacts, ${WORKERS} worker(s) x ${concurrency} in flight; ceiling: nodemailer, ${ceilingCount} messages, ${concurrency} in flight; parts ${args.tsx ? 'from source (tsx)' : 'compiled'}`,
  );
  let failed = false;
  const ceiling = async () => {
    const before = await accepted(sink);
    const run = await child<Awaited<ReturnType<typeof runCeiling>>>('ceiling', [
      '--port',
      String(port),
    ]);
    if ((await accepted(sink)) - before !== run.count) failed = true;
    return run;
  };
  try {
    for (const kind of which) {
      let target: Target;
      let cleanup: () => Promise<void>;
      if (kind === 'postgres') {
        if (!adminUrl) {
          console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
          continue;
        }
        const name = `chapters_bench_send_${Date.now()}`;
        await withAdmin(adminUrl, `create database "${name}"`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        target = { url: url.toString(), embeddedDir: 'unused' };
        cleanup = () => withAdmin(adminUrl, `drop database if exists "${name}" with (force)`);
      } else {
        const dir =
          args.embedded === 'memory'
            ? 'memory'
            : mkdtempSync(path.join(tmpdir(), 'chapters-bench-send-'));
        target = { embeddedDir: dir };
        cleanup = async () => {
          if (dir !== 'memory') rmSync(dir, { recursive: true, force: true });
        };
      }
      const label =
        kind === 'postgres'
          ? 'PostgreSQL'
          : `PGlite (${target.embeddedDir === 'memory' ? 'in memory' : 'on disk'})`;
      try {
        const inMemory = target.embeddedDir === 'memory';
        if (!inMemory) await child('generate', ['--target', JSON.stringify(target)]);
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
          `  RSS: ${fmt(send.rssBeforeMb)} MB before the send, ${fmt(send.rssFirstSecondMb)} MB in its first second, at most ${fmt(send.rssMaxSendingMb)} MB while sending, ${fmt(send.rssEndMb)} MB at the end; peak RSS ${fmt(send.peakMb)} MB`,
        );
        console.log(`  SMTP server accepted ${got}; ledger rows sent: ${send.sentRows}`);
        if (got !== send.recipients || send.sentRows !== send.recipients) failed = true;
      } finally {
        await cleanup();
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

/** Answers the parent and ends this process (a pool's timer must not keep it alive). */
const answer = (message: unknown) => process.send!(message, () => process.exit(0));

async function part() {
  const target = args.target ? (JSON.parse(args.target) as Target) : undefined;
  switch (args.role) {
    case 'sink':
      return runSink();
    case 'generate':
      await runGenerate(target!);
      return answer({ done: true });
    case 'send':
      return answer(await runSend(target!, Number(args.port), target!.embeddedDir === 'memory'));
    case 'ceiling':
      return answer(await runCeiling(Number(args.port), ceilingMessages()));
  }
}

if (args.role === 'main') await main();
else await part();
