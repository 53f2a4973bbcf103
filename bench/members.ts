// `npm run bench:members`: the Members screen's calls on one chapter list of 200,000 (issue 23),
// on PostgreSQL: a fresh database on BENCH_DATABASE_URL or TEST_DATABASE_URL's server, the list
// made in one generate_series insert, dropped afterwards. The app runs in this process over real
// HTTP with ONE database connection (poolMax 1); the client reads every answer and keeps none.
// Prints:
//   floor             /api/health (HTTP and one database round trip): what any call costs on this
//                     machine now, the ceiling the figures below are read against; load average
//   page p99          random pages over the whole list (and page 0 alone), each with its total
//   search p99        fragments of addresses: rare (a member's number), middling (a domain),
//                     common (in every address), each with its total (capped: SEARCH_COUNT_CAP)
//   count             the total alone as a page reads it (the kept counts, migration 0017): the
//                     whole list and a status; and a count(*) of the rows beside it
//   export            members.csv read by curl: rows/s and the server's RSS growth meanwhile
//   whole list        the spec's /contacts call, the same way
//   import            a CSV of 200,000 new members POSTed to .../import (one transaction, chunks
//                     of 5,000): rows/s, into an empty list and again (all already members)
//
//   npm run bench:members -- [--members 200000] [--requests 200]
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { chapters, mailingLists, permissions, users } from '../src/server/db/schema';
import { ROLE } from '../src/common/constants';
import { SEARCH_COUNT_CAP } from '../src/common/memberFilters';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/sessions';
import { countByStatus } from '../src/server/modules/mailing/memberPages';
import { postgresTarget } from './send/targets';
import { readImportFile } from '../src/server/modules/mailing/importParse';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '200' },
  },
});
const MEMBERS = Number(args.members);
const REQUESTS = Number(args.requests);
const MB = 1024 * 1024;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')}`;

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${ms(quantile(sorted, 0.5)).padStart(9)}  p99 ${ms(quantile(sorted, 0.99)).padStart(9)}  max ${ms(sorted.at(-1)!).padStart(9)}  (${sorted.length})`,
  );
  return quantile(sorted, 0.99);
}

/** GET `path`, reading the answer and keeping none of it: its time, status and size. */
function fetchDiscarding(port: number, path: string, cookie: string) {
  const start = performance.now();
  return new Promise<{ ms: number; status: number; bytes: number; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { cookie } }, (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (head.length < 4096) head += chunk.toString('utf8');
        });
        res.on('end', () =>
          resolve({
            ms: performance.now() - start,
            status: res.statusCode ?? 0,
            bytes,
            body: head,
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/**
 * GET `path` by curl, another process, into /dev/null: the export's RSS is then the server's
 * alone, not a client's in the same process reading 12 MB as fast as it comes.
 */
function fetchByCurl(port: number, path: string, cookie: string) {
  const start = performance.now();
  return new Promise<{ ms: number; bytes: number }>((resolve, reject) => {
    execFile(
      'curl',
      [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{size_download}',
        '-H',
        `cookie: ${cookie}`,
        `http://127.0.0.1:${port}${path}`,
      ],
      { encoding: 'utf8' },
      (err, stdout) => {
        if (err) return reject(err);
        const [status, bytes] = stdout.trim().split(' ').map(Number);
        if (status !== 200) return reject(new Error(`${path}: ${status}`));
        resolve({ ms: performance.now() - start, bytes: bytes! });
      },
    );
  });
}

/** Runs `work` while sampling this process's RSS: the time and the peak's rise over before. */
async function withRss<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, before, peak, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL).');
  const made = await postgresTarget(adminUrl);
  const database = await openDatabase({
    url: made.target.url,
    embeddedDir: 'unused',
    poolMax: 1,
  });
  try {
    await database.migrate();
    const db = database.db;
    const trgm = await db.execute(
      sql`select 1 from pg_indexes where indexname = 'mailing_list_contacts_email_trgm_idx'`,
    );
    console.log(
      `PostgreSQL, ${MEMBERS.toLocaleString('en-US')} members; trigram index: ${(trgm as unknown as { rows: unknown[] }).rows.length ? 'yes' : 'no'}`,
    );

    const [list] = await db.insert(mailingLists).values({ name: 'Bench list' }).returning();
    const [other] = await db.insert(mailingLists).values({ name: 'Other list' }).returning();
    const [chapter] = await db
      .insert(chapters)
      .values({
        title: 'Bench',
        slug: 'bench-chapter',
        city: 'Durham',
        state: 'NC',
        status: 1,
        brontoListId: String(list!.id),
      })
      .returning();
    let start = performance.now();
    // 5% unsubscribed, 1% blocked; one second apart; a second list beside it, as a site has.
    await db.execute(sql`
      insert into mailing_list_contacts (list_id, email, status, unsubscribe_token, created_at)
      select ${list!.id}, 'member' || g || '@example' || (g % 50) || '.org',
             case when g % 20 = 0 then 'unsub' when g % 97 = 0 then 'blocked' else 'active' end,
             md5(g::text), now() - g * interval '1 second'
      from generate_series(1, ${MEMBERS}) g`);
    await db.execute(sql`
      insert into mailing_list_contacts (list_id, email, unsubscribe_token)
      select ${other!.id}, 'other' || g || '@example.net', md5('o' || g)
      from generate_series(1, 20000) g`);
    // Opens of one message by one member in ten, for the export's last_opened.
    const [message] = (
      (await db.execute(
        sql`insert into mailing_messages (list_id, subject, body, status)
            values (${list!.id}, 'Hello', '<p>x</p>', 'finished') returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await db.execute(sql`
      insert into mailing_deliveries (message_id, contact_id, status, sent_at, opened_at)
      select ${message!.id}, id, 'sent', now(), case when id % 10 = 0 then now() end
      from mailing_list_contacts where list_id = ${list!.id}`);
    await db.execute(sql`vacuum analyze mailing_list_contacts`);
    await db.execute(sql`vacuum analyze mailing_deliveries`);
    console.log(
      `list made in ${((performance.now() - start) / 1000).toFixed(1)} s (insert, deliveries, vacuum)`,
    );

    const [admin] = await db
      .insert(users)
      .values({ name: 'Bench Admin', email: 'bench@example.org', username: 'bench@example.org' })
      .returning();
    await db.insert(permissions).values({ userId: admin!.id, roleId: ROLE.admin, chapterId: null });
    const { token } = await createSession(db, admin!.id, 1);
    const cookie = `${SESSION_COOKIE}=${token}`;

    const config = {
      ...loadConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        DATABASE_URL: made.target.url,
        MAIL_SEND_POLL_MS: '0',
      }),
      webDir: 'no-web-app',
    };
    const app = await buildApp({ config, db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const base = `/api/mailing_list/chapter/${chapter!.id}`;
    const get = async (path: string) => {
      const res = await fetchDiscarding(port, path, cookie);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.slice(0, 200)}`);
      return res;
    };

    // Warm-up: plans, the pool's one connection, the session.
    for (let i = 0; i < 20; i += 1) await get(`${base}/members?page=${i}`);

    console.log(`\nfloor (${load()})`);
    const floor: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) floor.push((await get('/api/health')).ms);
    const floorP99 = summary('/api/health', floor);

    const pages = Math.ceil(MEMBERS / 50);
    const random: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      random.push((await get(`${base}/members?page=${Math.floor(Math.random() * pages)}`)).ms);
    }
    const first: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) first.push((await get(`${base}/members?page=0`)).ms);
    // A host pressing Next: the first twenty pages, in turn.
    const next: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1)
      next.push((await get(`${base}/members?page=${i % 20}`)).ms);
    const filtered: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const status = ['active', 'unsubscribed', 'blocked', 'bounced'][i % 4];
      const page = Math.floor(Math.random() * (status === 'active' ? 100 : 10));
      filtered.push((await get(`${base}/members?status=${status}&page=${page}`)).ms);
    }
    console.log('\npages (50 a page, with the total)');
    const pageP99 = summary('random page of the whole list', random);
    summary('page 0', first);
    const nextP99 = summary('pages 0-19 in turn', next);
    summary('status filter, pages 0-99 / 0-9', filtered);

    const kinds: Record<string, () => string> = {
      'rare (a member number)': () => String(1000 + Math.floor(Math.random() * (MEMBERS - 1000))),
      'middling (a domain, 2%)': () => `example${Math.floor(Math.random() * 50)}.org`,
      'common (in every address)': () =>
        ['member', 'example', '.org', 'mem'][Math.floor(Math.random() * 4)]!,
      'one or two characters': () => ['7', '42', 'x', 'r1'][Math.floor(Math.random() * 4)]!,
      absent: () => `nobody${Math.floor(Math.random() * 1000)}`,
    };
    console.log(
      `\nsearch (page 0, with the total counted up to ${(SEARCH_COUNT_CAP + 1).toLocaleString('en-US')})`,
    );
    const all: number[] = [];
    for (const [label, term] of Object.entries(kinds)) {
      const times: number[] = [];
      for (let i = 0; i < Math.ceil(REQUESTS / 4); i += 1) {
        times.push((await get(`${base}/members?search=${encodeURIComponent(term())}`)).ms);
      }
      summary(label, times);
      all.push(...times);
    }
    const searchP99 = summary('every search', all);

    console.log('\ncount (one connection)');
    const counts: Record<string, () => Promise<unknown>> = {
      'whole list (kept counts)': () => countByStatus(db, list!.id, null),
      'active members (kept counts)': () => countByStatus(db, list!.id, ['active']),
      'unsubscribed (kept counts)': () => countByStatus(db, list!.id, ['unsub', 'deleted']),
    };
    let countP99 = 0;
    const timeCount = async (label: string, query: () => Promise<unknown>) => {
      const times: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        start = performance.now();
        await query();
        times.push(performance.now() - start);
      }
      return summary(label, times);
    };
    for (const [label, query] of Object.entries(counts)) {
      countP99 = Math.max(countP99, await timeCount(label, query));
    }
    // What the total cost before the kept counts: every index entry of the list read.
    await timeCount('whole list, count(*) of its rows', () =>
      db.execute(sql`select count(*) from mailing_list_contacts where list_id = ${list!.id}`),
    );

    console.log('\nexport and whole list (read by curl; the server in this process: MB of RSS)');
    const exported = await withRss(() => fetchByCurl(port, `${base}/members.csv`, cookie));
    const rows = MEMBERS;
    console.log(
      `members.csv                        ${(exported.result.ms / 1000).toFixed(2)} s, ${Math.round(rows / (exported.result.ms / 1000)).toLocaleString('en-US')} rows/s, ${(exported.result.bytes / MB).toFixed(1)} MB sent, RSS ${(exported.before / MB).toFixed(0)} -> peak ${(exported.peak / MB).toFixed(0)} (+${(exported.growth / MB).toFixed(1)})`,
    );
    const whole = await withRss(() => fetchByCurl(port, `${base}/contacts`, cookie));
    console.log(
      `/contacts (whole list, JSON)       ${(whole.result.ms / 1000).toFixed(2)} s, ${(whole.result.bytes / MB).toFixed(1)} MB sent, RSS ${(whole.before / MB).toFixed(0)} -> peak ${(whole.peak / MB).toFixed(0)} (+${(whole.growth / MB).toFixed(1)})`,
    );

    const imported = await importPhase(db, port, cookie);

    console.log(
      `\nsummary (${load()}): floor p99 ${ms(floorP99)}, page p99 ${ms(pageP99)} (pages 0-19 ${ms(nextP99)}), search p99 ${ms(searchP99)}, count p99 ${ms(countP99)}, export +${(exported.growth / MB).toFixed(1)} MB, whole list +${(whole.growth / MB).toFixed(1)} MB, import ${imported.toLocaleString('en-US')} rows/s`,
    );
    await app.close();
  } finally {
    await database.close();
    await made.cleanup();
  }
}

// ---------------------------------------------------------------- import phase (goal 3)

/** POSTs `csv` to `path` as the multipart field `file`: its time, status and answer. */
function postCsv(port: number, path: string, cookie: string, csv: Buffer) {
  const boundary = `----bench-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const start = performance.now();
  return new Promise<{ ms: number; status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, body: text }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The import of a list of MEMBERS into a chapter whose list is empty, then the same file again
 * (every row a member already). Answers the first import's rows per second.
 */
async function importPhase(db: Database['db'], port: number, cookie: string): Promise<number> {
  const [list] = await db.insert(mailingLists).values({ name: 'Import list' }).returning();
  const [chapter] = await db
    .insert(chapters)
    .values({
      title: 'Import',
      slug: 'bench-import',
      city: 'Durham',
      state: 'NC',
      status: 1,
      brontoListId: String(list!.id),
    })
    .returning();
  const rows = Array.from(
    { length: MEMBERS },
    (_, i) => `imported${i}@example${i % 50}.org,Imported Member ${i}`,
  );
  const csv = Buffer.from(`email,name\r\n${rows.join('\r\n')}\r\n`);
  console.log(
    `\nimport (${MEMBERS.toLocaleString('en-US')} rows, ${(csv.length / MB).toFixed(1)} MB, over HTTP, one transaction)`,
  );
  // The file's reading alone (csv-parse, the columns, each address checked), in this process:
  // what of the import's time is not the database's.
  const parseStart = performance.now();
  const parsed = await readImportFile(Readable.from([csv]));
  const parseMs = performance.now() - parseStart;
  console.log(
    `${'reading the file alone'.padEnd(34)} ${(parseMs / 1000).toFixed(2)} s, ${Math.round(parsed.rows / (parseMs / 1000)).toLocaleString('en-US')} rows/s`,
  );
  const path = `/api/mailing_list/chapter/${chapter!.id}/import`;
  let first = 0;
  for (const label of ['into an empty list', 'again: all already members']) {
    const run = await withRss(() => postCsv(port, path, cookie, csv));
    const res = run.result;
    if (res.status !== 200) throw new Error(`import: ${res.status} ${res.body.slice(0, 300)}`);
    const answer = JSON.parse(res.body) as { added: number; alreadyMembers: number; refused: [] };
    const perSecond = Math.round(MEMBERS / (res.ms / 1000));
    first ||= perSecond;
    console.log(
      `${label.padEnd(34)} ${(res.ms / 1000).toFixed(2)} s, ${perSecond.toLocaleString('en-US')} rows/s (added ${answer.added}, already ${answer.alreadyMembers}, refused ${answer.refused.length}), RSS +${(run.growth / MB).toFixed(1)} MB`,
    );
  }
  return first;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
