// `npx tsx bench/chapterRead.ts`: Node CPU per uncached chapter read and state list. The app runs
// in this process (fastify.inject, no sockets) over a large network on PostgreSQL
// (bench/generate.ts; BENCH_CHAPTERS chapters, 2,000 by default): first with the answer cache
// off, reading 1,000 chapters in rotation by slug and by id, a signed-in host's reads and state
// lists; then with the cache as configured by default, the same host's reads, which should come
// from kept answers. Prints CPU ms per request (process.cpuUsage: user + system of this process,
// so PostgreSQL's own work is not counted; inject's own work is) and the SQL statements each
// request sends.
// BENCH_DATABASE_URL names a server to use (default: the local test server); a fresh database is
// created there and dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { buildApp } from '../src/server/app';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/sessions';
import { generateAdminData, generateLargeNetwork } from './generate';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROTATED = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHAPTERS = Number(process.env.BENCH_CHAPTERS ?? 2000);
// Requests in flight at once, as a loaded server has them (one for a repeated URL, which
// concurrent requests would share).
const CONCURRENCY = 10;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Every statement the pool sends, so that a read's query count is printed beside its CPU.
let statements = 0;
const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
  statements++;
  return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof poolQuery;

type Inject = (url: string) => Promise<number>;

async function measure(label: string, urls: string[], inject: Inject, concurrency = CONCURRENCY) {
  // Warm up: JIT, prepared statements, the pool's connections, the heap's growth. Two whole
  // passes, as a server that has run for a minute has had: after 300 requests the first route
  // measured still paid for optimizing code the later ones found ready (1.5-2.0 ms of CPU against
  // a steady 0.8), after one pass it still paid a third more.
  for (let pass = 0; pass < 2; pass++) for (const url of urls) await inject(url);
  const before = statements;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const total = urls.length * ROUNDS;
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const status = await inject(urls[next++ % urls.length]!);
        if (status !== 200) failures++;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  const cpuMs = (used.user + used.system) / 1000 / total;
  console.log(
    `${label.padEnd(34)} ${cpuMs.toFixed(2).padStart(6)} ms CPU/request  ` +
      `${((statements - before) / total).toFixed(1).padStart(4)} statements/request  ` +
      `${Math.round(total / (wall / 1000))} req/s in-process` +
      (failures ? `  (${failures} not 200!)` : ''),
  );
}

async function main() {
  const name = `chapters_bench_read_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chapter-read-bench-'));
  try {
    const database = await openDatabase({ url: url.toString(), embeddedDir: 'unused', poolMax: 4 });
    await database.migrate();
    await generateLargeNetwork(database.db, CHAPTERS);
    await generateAdminData(database.db);
    // Vacuumed too: the generator rewrites every chapter row (its list id, and 'Last Active' on
    // each post), and a server whose autovacuum is off would read through all the dead rows.
    await database.db.execute(sql`vacuum analyze`);
    // The answer cache's TTL in seconds; the configured default without one.
    const appWith = async (cacheSeconds?: string) => {
      const config = {
        ...loadConfig({
          LOG_LEVEL: 'silent',
          NODE_ENV: 'production',
          ...(cacheSeconds === undefined ? {} : { PUBLIC_CACHE_SECONDS: cacheSeconds }),
          HOME_MAP_CACHE_SECONDS: '0',
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
        }),
        webDir: 'no-web-app',
      };
      const built = await buildApp({ config, db: database.db });
      await built.ready();
      return built;
    };
    const app = await appWith('0');

    // Active chapters only (generate.ts hides one in ten): every read answers 200.
    const chapterRows = (await database.db.execute(
      sql`select id, slug from chapters where status = 1 order by id limit ${ROTATED}`,
    )) as unknown as { rows: { id: number; slug: string }[] };
    const rows = chapterRows.rows;
    // The host of the first active chapter, and of the first hidden one (which their state's
    // list shows them, and no one else but admins).
    const hostOf = async (status: number) => {
      const [row] = (
        (await database.db.execute(
          sql`select p.user_id, c.slug, lower(c.state) as state from permissions p
            join chapters c on c.id = p.chapter_id
            where p.role_id = 3 and c.status = ${status} order by c.id limit 1`,
        )) as unknown as { rows: { user_id: number; slug: string; state: string }[] }
      ).rows;
      const { token } = await createSession(database.db, row!.user_id, 1);
      return { ...row!, token };
    };
    const host = await hostOf(1);
    const hiddenHost = await hostOf(0);

    // As browsers ask: answers come gzipped, as the answer cache keeps them.
    const headers = { 'accept-encoding': 'gzip' };
    const visitor: Inject = async (u) =>
      (await app.inject({ method: 'GET', url: u, headers })).statusCode;
    const as =
      (token: string, on = app): Inject =>
      async (u) =>
        (
          await on.inject({
            method: 'GET',
            url: u,
            headers,
            cookies: { [SESSION_COOKIE]: token },
          })
        ).statusCode;

    console.log(`${rows.length} chapters rotated, ${ROUNDS} rounds, ${CONCURRENCY} in flight`);
    await measure(
      'chapter by slug, visitor',
      rows.map((r) => `/api/chapter/slug/${r.slug}`),
      visitor,
    );
    await measure(
      'chapter by id, visitor',
      rows.map((r) => `/api/chapter/id/${r.id}`),
      visitor,
    );
    await measure(
      'chapter by slug, signed-in host',
      rows.map((r) => `/api/chapter/slug/${r.slug}`),
      as(host.token),
    );
    const own = Array(200).fill(`/api/chapter/slug/${host.slug}`);
    await measure('own chapter, its host', own, as(host.token), 1);
    const stateList = (state: string) => Array(50).fill(`/api/chapters/state/${state}`);
    await measure(`state list (${host.state}), visitor`, stateList(host.state), visitor, 1);
    await measure(
      `state list (${hiddenHost.state}), host of a hidden one`,
      stateList(hiddenHost.state),
      as(hiddenHost.token),
      1,
    );
    await app.close();

    // As the server runs: a host's reads that their roles change are kept once for all
    // who hold the same access, the others are the visitors' answers.
    const cached = await appWith();
    console.log('with the answer cache on:');
    await measure('own chapter, its host', own, as(host.token, cached), 1);
    await measure(
      `state list (${host.state}), host`,
      stateList(host.state),
      as(host.token, cached),
      1,
    );
    await measure(
      `state list (${hiddenHost.state}), host of a hidden one`,
      stateList(hiddenHost.state),
      as(hiddenHost.token, cached),
      1,
    );
    await cached.close();
    await database.close();
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
