// Opens the database: PGlite on disk when no DATABASE_URL is set, node-postgres otherwise.
// Everything past this file sees one `Db` type and never learns which one it got.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDirectory } from './processLock';
import { ownerOnlyPGlite } from './ownerOnlyFs';
import { pgliteNotices, postgresNotices, type Notices } from './notices';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** True for the in-process embedded database (only start-up and scripts care). */
  embedded: boolean;
  /** LISTEN/NOTIFY between the app servers on this database (notices.ts). */
  notices: Notices;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Its connections now (/metrics). */
  poolUse(): PoolUse;
  /** The embedded database's files as one tar (backups; tests: see `DatabaseOptions.from`). */
  dump?(): Promise<Blob>;
}

/**
 * PostgreSQL: the pool's connections, idle ones and queries waiting for one. The embedded
 * database is one connection in this process, its queries taken in turn: no pool to report.
 */
export type PoolUse = { max: number; total: number; idle: number; waiting: number } | null;

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

// Any number (well above what any app server holds) that names "our migrations" to PostgreSQL.
const MIGRATION_LOCK_KEY = 724_301_977;

export interface DatabaseOptions {
  url?: string | undefined;
  /** Directory for the embedded database; 'memory' keeps it in memory (tests only). */
  embeddedDir: string;
  poolMax?: number;
  /**
   * PostgreSQL's application_name for every connection (pg_stat_activity, the server's log),
   * naming the app server that holds it; one DATABASE_URL sets itself wins.
   */
  applicationName?: string;
  /**
   * An in-memory embedded database starts as a copy of this `dump()` instead of an empty one.
   * Tests take one migrated copy for the whole run: PostgreSQL's initdb and the migrations were
   * 1.5 s of every test file's start.
   */
  from?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.url
    ? openPostgres(withApplicationName(opts.url, opts.applicationName), opts.poolMax ?? 10)
    : openEmbedded(opts.embeddedDir, opts.from);
}

/** In the URL, so the pool and the LISTEN connection (notices.ts) both carry it. */
function withApplicationName(url: string, name: string | undefined): string {
  const parsed = new URL(url);
  if (!name || parsed.searchParams.has('application_name')) return url;
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    embedded: false,
    notices: postgresNotices(pool, url),
    poolUse: () => ({
      max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async migrate() {
      // Several app servers may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      await quiet(pool);
      await pool.end();
    },
  };
}

/**
 * Resolves once no client has been checked out of the pool for a moment (at most `maxMs`).
 * The HTTP server has stopped taking requests by the time the database closes, but a request
 * still being handled may have another query to make: ending the pool under it would answer
 * that request 500 ('Cannot use a pool after calling end on the pool').
 */
async function quiet(pool: pg.Pool, quietMs = 200, maxMs = 10_000): Promise<void> {
  const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
  const deadline = Date.now() + maxMs;
  let quietSince = Infinity;
  while (Date.now() < deadline) {
    if (busy()) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
    if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// PGlite's shared buffers live in its WASM memory, and all of PostgreSQL's default 128 MB of
// them is resident from the moment it opens: an app server on the embedded database sat at
// about 400 MB before doing anything. On disk the operating system caches the files anyway;
// 16 MB holds what the site works on (measured with `npm run bench:send`: no slower, about 130
// MB less; docs/decisions/07-chapter-email.md).
const EMBEDDED_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openEmbedded(dir: string, from?: Blob): Promise<Database> {
  const inMemory = dir === 'memory';
  // PGlite is one process's database: a second process opening the directory would corrupt it.
  if (!inMemory) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const release = inMemory ? async () => {} : await lockDirectory(dir);
  let client: PGlite;
  try {
    client = inMemory
      ? new PGlite({ loadDataDir: from })
      : ownerOnlyPGlite(dir, { startParams: EMBEDDED_START });
    await client.waitReady;
  } catch (err) {
    await release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    embedded: true,
    notices: pgliteNotices(client),
    poolUse: () => null,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async close() {
      await client.close();
      await release();
    },
    // Between transactions (PGlite runs one at a time: none is half done in the copy) and after
    // a checkpoint (the copy opens without replaying much WAL): a consistent copy of a running
    // database, for backups (backup/embeddedSocket.ts) and the tests' template.
    // (exec takes the transaction lock itself, so the checkpoint comes first, outside it.)
    dump: async () => {
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
