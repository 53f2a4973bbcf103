// `npm run bench:api`: the public calls every visitor makes, measured with autocannon against the
// real server (its own process) on PostgreSQL with a large network (bench/generate.ts).
// BENCH_DATABASE_URL names a server to use (default: the local test server); a fresh database is
// created there and dropped afterwards. Prints requests per second and p50/p99 latency.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/sessions';
import { generateAdminData, generateLargeNetwork } from './generate';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 50;
const ADMIN_CONNECTIONS = 2;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3900 + Math.floor(Math.random() * 90);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

async function main() {
  const name = `chapters_bench_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = { stop: async () => {} };
  try {
    const database = await openDatabase({ url: url.toString(), embeddedDir: 'unused', poolMax: 4 });
    await database.migrate();
    const started = Date.now();
    await generateLargeNetwork(database.db);
    const adminId = await generateAdminData(database.db);
    const { token } = await createSession(database.db, adminId, 1);
    // Statistics as autovacuum keeps them on a live database, so plans are the usual ones.
    await database.db.execute(sql`analyze`);
    await database.close();
    console.log(`generated the large network in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server.stop = async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    };
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`);

    const targets = [
      '/api/chapters/active',
      '/api/chapters/state/ny',
      '/api/chapter/slug/bench-chapter-42',
    ];
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, as a visitor's browser asks`);
    console.log(
      'call'.padEnd(40),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'non-2xx'.padStart(8),
    );
    // The admin dashboard: a few admins at once, not a crowd; it must stay under 100 ms p99.
    const adminTargets = ['/api/admin/dashboard'];
    const runs = [
      ...targets.map((path) => ({ path, connections: CONNECTIONS, cookie: undefined })),
      ...adminTargets.map((path) => ({
        path,
        connections: ADMIN_CONNECTIONS,
        cookie: `${SESSION_COOKIE}=${token}`,
      })),
    ];
    for (const { path, connections, cookie } of runs) {
      if (cookie) console.log(`\n${connections} connections, signed in as an admin`);
      const result = await autocannon({
        url: base + path,
        connections,
        duration: SECONDS,
        // As every browser asks: the home map's answer is 1 MB as JSON, 100 kB gzipped.
        headers: { 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) },
      });
      console.log(
        path.padEnd(40),
        result.requests.average.toFixed(0).padStart(8),
        String(result.latency.p50).padStart(8),
        String(result.latency.p99).padStart(8),
        String(result.non2xx).padStart(8),
      );
    }
  } finally {
    await server.stop();
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
