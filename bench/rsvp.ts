// `npm run bench:rsvp` (issue 33): RSVPs flowing into one date while visitors read the event.
//
// A bench network (bench/network.ts, BENCH_SIZE chapters, default 200) on the local PostgreSQL
// server (BENCH_DATABASE_URL names another), RSVP_USERS signed-in users with sessions, the real
// server in its own process. Then, for RSVP_SECONDS (default 30), RSVP_RATE RSVPs a second
// (default 200) go to the event's next date, each from another user, open loop (sent on a clock,
// whatever the answers do), with 0-2 guests. Meanwhile the event page's answer
// (GET /api/chapter_event/slug/{slug}/page, which carries the going counts) is loaded in short
// interleaved rounds against a ceiling server (bench/ceiling.ts) replaying the same bytes: app,
// ceiling, app, ceiling..., so both see the same machine and the same RSVP traffic. Rounds
// without RSVPs come first (after the app has settled), for comparison.
//
// Prints: RSVPs sent, answered and their status; the RSVP p50/p99/max latency; the public count
// afterwards against the RSVPs answered 'going' (people, guests included) and the database's
// own count (they must be equal: the run fails otherwise); the event page's req/s with RSVPs
// flowing, the ceiling's, and their ratio.
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { answerKey, capture } from './capture';
import { loadTool, runLoad, type LoadResult } from './load';
import { createNetwork } from './network';
import { cpuMsOf, settle, startApp, startCeiling } from './processes';
import { hashToken, newToken, SESSION_COOKIE } from '../src/server/modules/auth/sessions';

const SIZE = Number(process.env.BENCH_SIZE ?? 200);
const RATE = Number(process.env.RSVP_RATE ?? 200);
const SECONDS = Number(process.env.RSVP_SECONDS ?? 30);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 50;
/** Two runs of RSVPs (alone, then with reads), each user RSVPing once. */
const USERS = 2 * RATE * SECONDS;
/** The event's cap (RSVP_CAPACITY, '' for none): past it RSVPs wait, under the date's lock. */
const CAPACITY = process.env.RSVP_CAPACITY ?? '10000';

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((err: unknown) => console.error(err));
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** USERS users, each with a session: their cookies, in order. */
async function makeUsers(url: string, slug: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tokens = Array.from({ length: USERS }, () => newToken());
    await client.query(
      `insert into users (name, email, username)
       select 'RSVP bench ' || n, 'rsvp-bench-' || n || '@example.org', 'rsvp-bench-' || n
       from generate_series(1, $1::int) n`,
      [USERS],
    );
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select t.hash, u.id, now() + interval '1 day'
       from unnest($1::text[]) with ordinality as t(hash, n)
       join users u on u.email = 'rsvp-bench-' || t.n || '@example.org'`,
      [tokens.map(hashToken)],
    );
    await client.query(`update chapter_events set capacity = $1 where slug = $2`, [
      CAPACITY ? Number(CAPACITY) : null,
      slug,
    ]);
    return tokens.map((token) => `${SESSION_COOKIE}=${token}`);
  } finally {
    await client.end();
  }
}

/**
 * Transactions committed or rolled back in the bench's database so far (pg_stat_database,
 * which each backend updates within a second or so of its transactions: read after a settle).
 */
async function transactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

interface Sent {
  status: number;
  answer: string;
  ms: number;
  guests: number;
}

/** One RSVP over a kept-alive connection. */
function postRsvp(agent: http.Agent, url: URL, cookie: string, guests: number): Promise<Sent> {
  const body = JSON.stringify({ guests, joinList: false });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', cookie },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let answer = `http ${status}`;
          if (status === 200) answer = (JSON.parse(text) as { status: string }).status;
          resolve({ status, answer, ms: performance.now() - started, guests });
        });
      },
    );
    req.on('error', () =>
      resolve({ status: 0, answer: 'socket error', ms: performance.now() - started, guests }),
    );
    req.end(body);
  });
}

/** RATE RSVPs a second for SECONDS, on a clock: the answers do not slow the sending. */
async function flow(base: string, slug: string, date: string, cookies: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(`${base}/api/chapter_event/slug/${slug}/dates/${date}/rsvp`);
  const started = performance.now();
  const pending: Promise<Sent>[] = [];
  for (let i = 0; i < cookies.length; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(postRsvp(agent, url, cookies[i]!, i % 3));
  }
  const sentSeconds = (performance.now() - started) / 1000;
  const sent = await Promise.all(pending);
  const doneSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { sent, sentSeconds, doneSeconds };
}

/** Prints one run's answers, latency and counts; answers whether the counts are exact. */
async function report(
  base: string,
  url: string,
  slug: string,
  date: string,
  label: string,
  { sent, sentSeconds }: { sent: Sent[]; sentSeconds: number },
): Promise<boolean> {
  const byAnswer = new Map<string, number>();
  for (const s of sent) byAnswer.set(s.answer, (byAnswer.get(s.answer) ?? 0) + 1);
  const ms = sent.map((s) => s.ms).sort((a, b) => a - b);
  const people = (answer: string) =>
    sent.filter((s) => s.answer === answer).reduce((n, s) => n + 1 + s.guests, 0);
  const counts = JSON.parse(
    Buffer.from(
      (await capture(base, `/api/chapter_event/slug/${slug}/dates/${date}/rsvp`, {})).body,
      'base64',
    ).toString(),
  ) as { going: number; waitlisted: number };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ people: number; rsvps: number; waiting: number }>(
    `select coalesce(sum(1 + guests) filter (where status = 'going'), 0)::int as people,
       count(*) filter (where status = 'going')::int as rsvps,
       coalesce(sum(1 + guests) filter (where status = 'waitlisted'), 0)::int as waiting
     from rsvps where date = $1`,
    [date],
  );
  await client.end();
  const db = rows[0]!;
  const exact =
    counts.going === people('going') &&
    db.people === people('going') &&
    counts.waitlisted === people('waitlisted') &&
    db.waiting === people('waitlisted') &&
    (!CAPACITY || db.people <= Number(CAPACITY));
  console.log(`
RSVPs ${label}: ${sent.length} sent in ${sentSeconds.toFixed(1)} s to ${date}`);
  console.log(`answers: ${[...byAnswer].map(([a, n]) => `${a} ${n}`).join(', ')}`);
  console.log(
    `RSVP latency: p50 ${quantile(ms, 0.5).toFixed(1)} ms, p99 ${quantile(ms, 0.99).toFixed(1)} ms, ` +
      `max ${ms.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `count afterwards: going ${counts.going} public, ${db.people} in the database ` +
      `(${db.rsvps} RSVPs), ${people('going')} answered; waitlisted ${counts.waitlisted} public, ` +
      `${db.waiting} in the database, ${people('waitlisted')} answered; cap ${CAPACITY || 'none'}: ` +
      `${exact ? 'exact' : 'WRONG'}`,
  );
  return exact;
}

async function main() {
  process.env.AUTH_RATE_LIMIT_MAX = '100000';
  console.log(
    `bench:rsvp: ${RATE} RSVPs/s for ${SECONDS} s to one date, ${SIZE} chapters, ${loadTool}, ` +
      `${CONNECTIONS} connections on the event page, rounds of ${ROUND_SECONDS} s ` +
      `(load average ${loadavg()[0]!.toFixed(2)})`,
  );
  const network = await createNetwork(SIZE);
  cleanups.push(network.drop);
  const cookies = await makeUsers(network.url, network.facts.eventSlug);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-rsvp-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const app = await startApp(network.url, path.join(dataDir, 'data'));
  cleanups.push(app.stop);

  const slug = network.facts.eventSlug;
  const pagePath = `/api/chapter_event/slug/${slug}/page`;
  const first = await capture(app.base, pagePath, {});
  const page = JSON.parse(Buffer.from(first.body, 'base64').toString()) as {
    dates: { date: string; status: string; start: string }[];
  };
  // Dates whose meetings start an hour from now or later: they take RSVPs the whole run.
  const [alone, withReads] = page.dates
    .filter((d) => d.status === 'scheduled' && Date.parse(d.start) > Date.now() + 3_600_000)
    .map((d) => d.date);
  const answersFile = path.join(dataDir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify({ [answerKey(pagePath, false)]: first }));
  const ceiling = await startCeiling(answersFile);
  cleanups.push(ceiling.stop);

  const headers = { 'Accept-Encoding': 'gzip' };
  const read = (base: string, seconds: number) =>
    runLoad({ base, paths: [pagePath], headers, connections: CONNECTIONS, seconds });
  await read(app.base, 1);
  await read(ceiling.base, 1);
  // The comparison without RSVPs, once the app's start (its first planning of the mail schedule
  // for the whole network) is over, and interleaved as the rounds with RSVPs are.
  await settle(app.pid, network.url);
  const quiet: LoadResult[] = [];
  const quietCeiling: LoadResult[] = [];
  for (let round = 0; round < 2; round++) {
    quiet.push(await read(app.base, ROUND_SECONDS));
    quietCeiling.push(await read(ceiling.base, ROUND_SECONDS));
  }

  // RSVPs alone first: their latency with nothing else asking.
  const xactsBefore = await transactions(network.url);
  const cpuBefore = cpuMsOf(app.pid);
  const firstRun = await flow(app.base, slug, alone!, cookies.slice(0, USERS / 2));
  const cpuPerRsvp = (cpuMsOf(app.pid) - cpuBefore) / firstRun.sent.length;
  console.log(
    `\napp server CPU per RSVP (alone): ${cpuPerRsvp.toFixed(2)} ms, so ${RATE}/s needs ` +
      `${((cpuPerRsvp * RATE) / 10).toFixed(0)}% of a core; every RSVP answered after ` +
      `${firstRun.doneSeconds.toFixed(1)} s (${(firstRun.sent.length / firstRun.doneSeconds).toFixed(0)}/s); ` +
      `load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const exactAlone = await report(app.base, network.url, slug, alone!, 'alone', firstRun);
  await settle(app.pid, network.url);
  // Each statement the app sends outside a transaction is one; the few the report and the app's
  // own timers make in the meantime are counted too (a little over, never under).
  const perRsvp = ((await transactions(network.url)) - xactsBefore) / firstRun.sent.length;
  console.log(`database transactions per RSVP (alone): ${perRsvp.toFixed(2)}`);

  const flowing = flow(app.base, slug, withReads!, cookies.slice(USERS / 2));
  const appRounds: LoadResult[] = [];
  const ceilingRounds: LoadResult[] = [];
  const flowEnds = Date.now() + SECONDS * 1000;
  while (Date.now() + 2 * ROUND_SECONDS * 1000 <= flowEnds) {
    appRounds.push(await read(app.base, ROUND_SECONDS));
    ceilingRounds.push(await read(ceiling.base, ROUND_SECONDS));
  }
  const second = await flowing;
  const exactWithReads = await report(
    app.base,
    network.url,
    slug,
    withReads!,
    `with the event page read by ${CONNECTIONS} connections`,
    second,
  );
  const exact = exactAlone && exactWithReads;

  const rps = (rs: LoadResult[]) => mean(rs.map((r) => r.rps));
  const p99 = (rs: LoadResult[]) => Math.max(...rs.map((r) => r.p99Ms));
  console.log(
    '\n| event page read | app req/s | ceiling req/s | app/ceiling | app p99 ms | errors |',
  );
  console.log('|---|---|---|---|---|---|');
  const line = (name: string, a: LoadResult[], c: LoadResult[]) =>
    console.log(
      `| ${name} | ${rps(a).toFixed(0)} | ${rps(c).toFixed(0)} | ${((rps(a) / rps(c)) * 100).toFixed(1)}% | ` +
        `${p99(a).toFixed(1)} | ${[...a, ...c].reduce((n, r) => n + r.errors, 0)} |`,
    );
  line(`no RSVPs (${quiet.length} rounds each)`, quiet, quietCeiling);
  line(`${RATE} RSVPs/s flowing (${appRounds.length} rounds each)`, appRounds, ceilingRounds);
  await cleanUp();
  if (!exact) process.exit(1);
}

main().catch(async (err: unknown) => {
  console.error(err);
  await cleanUp();
  process.exit(1);
});
