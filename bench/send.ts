// `npm run bench:send`: one chapter email to a 10,000-contact list, delivered by the real send
// worker over SMTP to a local smtp-server (in a child process, so its work and memory are not
// counted). Uses a fresh database: in-memory PGlite, or a new database on TEST_DATABASE_URL's
// server (dropped afterwards). Prints messages per second and this process's peak RSS.
// BENCH_CONTACTS (default 10000), BENCH_WORKERS (send workers, as if of that many app servers;
// default 1) and MAIL_SEND_CONCURRENCY (deliveries in flight per worker, as configured for the
// app; default 4) change the run.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
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
import { createMailer } from '../src/server/mail/mailer';
import { createSendWorker } from '../src/server/mail/sendWorker';
import { sendMessage } from '../src/server/modules/mailing/sendService';
import type { User } from '../src/common/schemas/auth';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const adminUrl = process.env.TEST_DATABASE_URL;

/** The child: an SMTP server that counts what it accepts and throws the messages away. */
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

async function withAdmin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!adminUrl) {
    const database = await openDatabase({ embeddedDir: 'memory' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `chapters_bench_send_${Date.now()}`;
  await withAdmin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), embeddedDir: 'unused', poolMax: 10 });
  await database.migrate();
  return { database, drop: () => withAdmin(`drop database if exists "${name}" with (force)`) };
}

async function generate(database: Database) {
  const { db } = database;
  const [list] = await db.insert(mailingLists).values({ name: 'Bench list' }).returning();
  const [chapter] = await db
    .insert(chapters)
    .values({
      title: 'Bench Town',
      slug: 'bench-town',
      status: 1,
      emailAlias: 'bench',
      brontoListId: String(list!.id),
    })
    .returning();
  const [sender] = await db
    .insert(users)
    .values({ name: 'Bench Host', email: 'host@example.org', username: 'host@example.org' })
    .returning();
  for (let start = 0; start < CONTACTS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, CONTACTS - start) }, (_, i) => ({
      listId: list!.id,
      email: `reader${start + i}@example.org`,
      unsubscribeToken: randomBytes(16).toString('hex'),
    }));
    await db.insert(mailingListContacts).values(batch);
  }
  return { listId: String(list!.id), chapter: chapter!, sender: sender! };
}

async function main() {
  const sink = fork(fileURLToPath(import.meta.url), ['--sink'], {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve) =>
    sink.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const { database, drop } = await freshDatabase();
  try {
    const { db } = database;
    let started = Date.now();
    const world = await generate(database);
    console.log(
      `database: ${adminUrl ? 'PostgreSQL' : 'PGlite (in memory)'}; ${CONTACTS} contacts generated in ${Date.now() - started} ms`,
    );

    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Network <news@example.org>',
      PUBLIC_URL: 'https://chapters.example.org',
      LOG_LEVEL: 'silent',
      MAIL_SEND_CONCURRENCY: process.env.MAIL_SEND_CONCURRENCY ?? '',
    });
    const log = { info() {}, warn() {}, error: console.error };
    const mailer = createMailer(config, db, log as never);
    started = Date.now();
    const { messageId, recipients } = await sendMessage(
      db,
      { id: world.sender.id } as User,
      world.chapter,
      {
        listId: world.listId,
        title: 'This week',
        body: '<p>We meet on <strong>Tuesday</strong>. <a href="https://example.org/map">Map</a></p>',
      },
    );
    console.log(`queued ${recipients} deliveries in ${Date.now() - started} ms`);

    const rssBefore = process.memoryUsage().rss;
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
      }),
    );
    started = Date.now();
    workers.forEach((w) => w.start());
    for (;;) {
      const [message] = await db
        .select({ status: mailingMessages.status })
        .from(mailingMessages)
        .where(eq(mailingMessages.id, messageId));
      if (message!.status === 'finished') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    await Promise.all(workers.map((w) => w.stop()));
    mailer.close();

    sink.send('count');
    const { accepted } = await new Promise<{ accepted: number }>((resolve) =>
      sink.once('message', resolve),
    );
    const sent = await db
      .select({ id: mailingDeliveries.id })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.status, 'sent'));
    const peakMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `${WORKERS} worker(s) x ${config.mail.sendConcurrency} in flight: ${recipients} messages in ${seconds.toFixed(1)} s = ${(recipients / seconds).toFixed(0)} messages/s`,
    );
    console.log(`SMTP server accepted ${accepted}; ledger rows sent: ${sent.length}`);
    console.log(
      `RSS before sending ${(rssBefore / 1024 / 1024).toFixed(0)} MB; peak RSS of this process ${peakMb.toFixed(0)} MB`,
    );
    if (accepted !== recipients || sent.length !== recipients) process.exitCode = 1;
  } finally {
    await database.close();
    await drop();
    sink.kill();
  }
}

if (process.argv.includes('--sink')) runSink();
else await main();
