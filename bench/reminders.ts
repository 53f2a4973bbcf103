// `npm run bench:reminders`: the mail schedule (issue 34, src/server/modules/reminders) on
// PostgreSQL, through its own functions as the app's loop calls them (scheduler.ts):
//   1. planning the whole network's schedule, per poll, at each size (200 and 2,000 chapters,
//      bench/network.ts): the first plan (every row written) and the steady polls after it
//      (nothing changed), with the longest the event loop was held during them;
//   2. with 1,000,000 past deliveries in the send ledger, the scheduler's looks when nothing
//      is due (the due message's query, the queuer's), which run on every server every poll;
//   3. (at the last size) 200 chapters whose list reminders fall due in the same minute,
//      1,000 members each: the time from the poll until every copy is in the send ledger
//      (fired, then queued by the send queuer, as the app's does), copies a second, and the
//      process's peak RSS;
//   4. sending: `--send` of those copies (the first reminders') sent by the app's send worker
//      to a local SMTP sink, against nodemailer alone sending as many copies of the same
//      reminder to the same sink, before and after (bench:send's sink and ceiling:
//      bench/reminders/sendRound.ts): messages a second and CPU per message of each, and their
//      ratio per CPU second (the issue asks at least 0.8, as chapter email).
//
//   npm run bench:reminders -- [--sizes 200,2000] [--due 200] [--members 1000]
//                              [--past 1000000] [--polls 10] [--send 10000] [--cpu-prof DIR]
//                              [--stale-stats]
//
// --cpu-prof: a V8 CPU profile of the send worker's round (only) is written into DIR.
// --stale-stats: the sending round without the analyze of the ledger before it (the statistics
// as they are before autovacuum's analyze after a burst of copies).
// A fresh database per size on BENCH_DATABASE_URL's server (default the local test server),
// dropped afterwards. The machine is shared: every figure is printed with the load average.
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { createSendQueuer } from '../src/server/mail/sendQueuer';
import { takeQueueing } from '../src/server/mail/recipientQueue';
import { reminderListOf } from '../src/server/modules/mailing/reminderList';
import { fireNext } from '../src/server/modules/reminders/fire';
import { loadChapterMeetings } from '../src/server/modules/reminders/meetings';
import { planSchedule, plannedFor } from '../src/server/modules/reminders/plan';
import { createNetwork } from './network';
import { sendRound } from './reminders/sendRound';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '200,2000' },
    due: { type: 'string', default: '200' },
    members: { type: 'string', default: '1000' },
    past: { type: 'string', default: '1000000' },
    polls: { type: 'string', default: '10' },
    send: { type: 'string', default: '10000' },
    'cpu-prof': { type: 'string', default: '' },
    'stale-stats': { type: 'boolean', default: false },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const DUE = Number(args.due);
const MEMBERS = Number(args.members);
const PAST = Number(args.past);
const POLLS = Number(args.polls);
const SEND = Number(args.send);

const load = () => `load average ${loadavg()[0]!.toFixed(2)}`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** Runs `work` with the event loop watched: its result and the longest hold seen (ms). */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; holdMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const value = await work();
  h.disable();
  return { value, holdMs: h.max / 1e6 };
}

async function planning(db: Db, size: number) {
  const first = performance.now();
  await planSchedule(db, new Date());
  const firstMs = performance.now() - first;
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mailing_messages where status = 'scheduled'`,
  );
  const polls: number[] = [];
  const { holdMs } = await watched(async () => {
    for (let i = 0; i < POLLS; i++) {
      const t0 = performance.now();
      await planSchedule(db, new Date());
      polls.push(performance.now() - t0);
    }
  });
  // The part of a plan that is one synchronous stretch: the plan computed from the meetings read.
  const meetings = await loadChapterMeetings(db, new Date());
  const t0 = performance.now();
  const planned = meetings.flatMap((of) => plannedFor(of, new Date()));
  const computeMs = performance.now() - t0;
  console.log(`\n${size} chapters (${meetings.length} active with events), ${load()}`);
  console.log(
    `  first plan: ${ms(firstMs)}, ${count?.n ?? 0} messages scheduled (${planned.length} planned)`,
  );
  console.log(
    `  each poll's plan after it (${POLLS} polls): p50 ${ms(quantile(polls, 0.5))}, max ${ms(Math.max(...polls))}; the plan's computation alone ${ms(computeMs)}; event loop held at most ${ms(holdMs)}`,
  );
}

async function pastLedger(db: Db) {
  const started = performance.now();
  const [message] = await rows<{ id: number }>(
    db,
    sql`insert into mailing_messages (subject, body, status, created_at, finished_at)
        values ('A past send', '<p>Past.</p>', 'finished', now() - interval '30 days', now() - interval '30 days')
        returning id`,
  );
  await db.execute(sql`
    insert into mailing_deliveries (message_id, email, status)
    select ${message!.id}, 'past' || g || '@example.org', 'sent'
    from generate_series(1, ${PAST}::int) g`);
  await db.execute(sql`vacuum analyze mailing_deliveries`);
  await db.execute(sql`vacuum analyze mailing_messages`);
  const fillS = (performance.now() - started) / 1000;
  // What the plan made due already (a reminder whose moment passed) is moved out of the way:
  // these looks are the idle ones every server makes every poll.
  await db.execute(sql`update mailing_messages set scheduled_for = now() + interval '30 days'
                       where status = 'scheduled'`);
  const options = { publicUrl: 'https://chapters.example.org', listOf: async () => null };
  const due: number[] = [];
  const queuer: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const fired = await fireNext(db, new Date(), options);
    due.push(performance.now() - t0);
    if (fired !== null) throw new Error('something was due in the idle look');
    const t1 = performance.now();
    await takeQueueing(db, 0);
    queuer.push(performance.now() - t1);
  }
  console.log(
    `  with ${PAST.toLocaleString('en')} past deliveries in the ledger (written in ${fillS.toFixed(1)} s), ${load()}:`,
  );
  console.log(
    `    the look for a due message (one statement when none is): p50 ${ms(quantile(due, 0.5))}, p99 ${ms(quantile(due, 0.99))}; the queuer's look: p50 ${ms(quantile(queuer, 0.5))}, p99 ${ms(quantile(queuer, 0.99))}`,
  );
}

async function firing(db: Db, url: string) {
  // DUE chapters, each with a built-in list of MEMBERS, and one list reminder each, due now.
  const chosen = await rows<{ id: number; chapter_id: number }>(
    db,
    sql`select distinct on (chapter_id) id, chapter_id from mailing_messages
        where kind = 'reminder' and status = 'scheduled' and starts_at > now() + interval '13 hours'
        order by chapter_id, starts_at limit ${DUE}`,
  );
  await db.execute(sql`insert into settings (key, value)
    values ('emailService', '{"serviceName":"bronto"}'::jsonb)
    on conflict (key) do update set value = excluded.value`);
  for (const { chapter_id: chapterId } of chosen) {
    const [list] = await rows<{ id: number }>(
      db,
      sql`insert into mailing_lists (name) values (${`Bench list ${chapterId}`}) returning id`,
    );
    await db.execute(
      sql`update chapters set bronto_list_id = ${String(list!.id)} where id = ${chapterId}`,
    );
    await db.execute(sql`
      insert into mailing_list_contacts (list_id, email, status, unsubscribe_token)
      select ${list!.id}, 'm' || g || '.' || ${chapterId} || '@example.org', 'active', md5(random()::text || g)
      from generate_series(1, ${MEMBERS}::int) g`);
  }
  await db.execute(sql`update mailing_messages set scheduled_for = now() + interval '30 days'
                       where status = 'scheduled'`);
  await db.execute(sql`update mailing_messages set scheduled_for = now() - interval '30 seconds'
                       where id in (${sql.join(
                         chosen.map((c) => sql`${c.id}`),
                         sql`, `,
                       )})`);
  await db.execute(sql`vacuum analyze`);

  const config = loadConfig({ DATABASE_URL: url, PUBLIC_URL: 'https://chapters.example.org' });
  const options = { publicUrl: config.publicUrl, listOf: reminderListOf(config) };
  const queuer = createSendQueuer({
    db,
    log: { error: (o: unknown) => console.error(o) },
    leaseMs: 60_000,
    pollMs: 0,
    batchSize: 2000,
  });
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let firedAt = 0;
  const { value: fired, holdMs } = await watched(async () => {
    queuer.start();
    let n = 0;
    while ((await fireNext(db, new Date(), options)) !== null) {
      n += 1;
      queuer.wake();
    }
    firedAt = performance.now();
    await queuer.idle();
    return n;
  });
  const allMs = performance.now() - started;
  await queuer.stop();
  const [copies] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mailing_deliveries d join mailing_messages m on m.id = d.message_id
        where m.kind = 'reminder'`,
  );
  const n = copies?.n ?? 0;
  console.log(
    `  ${chosen.length} list reminders due in the same minute, ${MEMBERS} members each, ${load()}:`,
  );
  console.log(
    `    fired in ${ms(firedAt - started)} (${fired} messages); every copy in the send ledger ${(allMs / 1000).toFixed(1)} s after the poll: ${n.toLocaleString('en')} copies, ${Math.round(n / (allMs / 1000)).toLocaleString('en')} a second; event loop held at most ${ms(holdMs)}`,
  );
  console.log(
    `    RSS ${Math.round(rssBefore / 2 ** 20)} MB before, peak ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process: the network's generation included)`,
  );
  if (n !== chosen.length * MEMBERS) {
    console.log(`    MISMATCH: expected ${chosen.length * MEMBERS} copies`);
    process.exitCode = 1;
  }
}

async function sending(db: Db) {
  const round = await sendRound(
    db,
    Math.min(SEND, DUE * MEMBERS),
    args['cpu-prof'],
    args['stale-stats'],
  );
  const { before: c1, after: c2 } = round.ceilings;
  const rate = round.count / round.seconds;
  const ceilingRate = (c1.count / c1.seconds + c2.count / c2.seconds) / 2;
  const appCpu = round.cpuMs / round.count;
  const ceilingCpu = (c1.cpuMs / c1.count + c2.cpuMs / c2.count) / 2;
  console.log(
    `  sending the reminders' copies to a local SMTP sink, ${round.inFlight} in flight, ${load()}:`,
  );
  console.log(
    `    ceiling (nodemailer alone, the same reminder): ${Math.round(c1.count / c1.seconds)} and ${Math.round(c2.count / c2.seconds)} messages/s, ${(c1.cpuMs / c1.count).toFixed(2)} and ${(c2.cpuMs / c2.count).toFixed(2)} ms CPU each`,
  );
  console.log(
    `    the send worker: ${round.count.toLocaleString('en')} copies in ${round.seconds.toFixed(1)} s = ${Math.round(rate)} messages/s, ${appCpu.toFixed(2)} ms CPU each, ${(round.transactions / round.count).toFixed(2)} database transactions each`,
  );
  console.log(
    `    ratio to the ceiling: ${(rate / ceilingRate).toFixed(2)} in messages/s, ${(ceilingCpu / appCpu).toFixed(2)} in messages per CPU second; peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
  if (!round.exact) {
    console.log('    MISMATCH: the sink took other than the ledger says was sent');
    process.exitCode = 1;
  }
}

async function main() {
  console.log(`bench:reminders, ${load()}; PostgreSQL`);
  for (const [i, size] of SIZES.entries()) {
    const network = await createNetwork(size);
    try {
      const database = await openDatabase({
        url: network.url,
        embeddedDir: 'unused',
        // An app server's pool (DATABASE_POOL_MAX's default): the send worker shares it.
        poolMax: 10,
      });
      try {
        await planning(database.db, size);
        if (i === SIZES.length - 1) {
          await pastLedger(database.db);
          await firing(database.db, network.url);
          await sending(database.db);
        }
      } finally {
        await database.close();
      }
    } finally {
      await network.drop();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
