// `npx tsx bench/chapterRead.ts`: Node CPU per uncached chapter read. The app runs in this
// process (fastify.inject, no sockets, answer cache off) over a large network on PostgreSQL
// (bench/generate.ts), reading 1,000 chapters in rotation by slug and by id, and a signed-in
// host's reads. Prints CPU ms per request (process.cpuUsage: user + system of this process, so
// PostgreSQL's own work is not counted) and the SQL statements each read sends.
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
  // Warm up: JIT, prepared statements, the pool's connections.
  for (const url of urls.slice(0, 100)) await inject(url);
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
    await generateLargeNetwork(database.db);
    const adminId = await generateAdminData(database.db);
    await database.db.execute(sql`analyze`);
    const config = {
      ...loadConfig({
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        PUBLIC_CACHE_SECONDS: '0',
        HOME_MAP_CACHE_SECONDS: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
      }),
      webDir: 'no-web-app',
    };
    const app = await buildApp({ config, db: database.db });
    await app.ready();

    // Active chapters only (generate.ts hides one in ten): every read answers 200.
    const chapterRows = (await database.db.execute(
      sql`select id, slug from chapters where status = 1 order by id limit ${ROTATED}`,
    )) as unknown as { rows: { id: number; slug: string }[] };
    const rows = chapterRows.rows;
    const [host] = (
      (await database.db.execute(
        sql`select user_id from permissions where role_id = 3 order by id limit 1`,
      )) as unknown as { rows: { user_id: number }[] }
    ).rows;
    const { token } = await createSession(database.db, host!.user_id, 1);
    const { token: adminToken } = await createSession(database.db, adminId, 1);
    void adminToken;

    const visitor: Inject = async (u) => (await app.inject({ method: 'GET', url: u })).statusCode;
    const signedIn: Inject = async (u) =>
      (await app.inject({ method: 'GET', url: u, cookies: { [SESSION_COOKIE]: token } }))
        .statusCode;

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
      signedIn,
    );
    await measure('state list (ny), visitor', Array(50).fill('/api/chapters/state/ny'), visitor, 1);
    await app.close();
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
