// A bench database: a fresh database on the local PostgreSQL server (BENCH_DATABASE_URL names
// another), migrated, filled with a network of `size` chapters and what the admin dashboard
// reads (bench/generate.ts), a chapter host and an admin with sessions, then analyzed as
// autovacuum would. Dropped by `drop()`.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/modules/auth/sessions';
import { generateAdminData, generateHost, generateLargeNetwork } from './generate';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** What the routes to measure need to name: real slugs and ids of this network. */
export interface NetworkFacts {
  /** The chapter a repeated visitor reads (active). */
  chapter: { id: number; slug: string; state: string };
  /** One of its events. */
  eventSlug: string;
  /** Up to 1,000 active chapters, for rotated reads. */
  rotated: { slug: string; state: string }[];
  /** A session of the host of `chapter`. */
  hostToken: string;
  /** A session of a site admin. */
  adminToken: string;
}

export interface BenchNetwork {
  url: string;
  facts: NetworkFacts;
  generateSeconds: number;
  drop(): Promise<void>;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const SAMPLE = 'bench-chapter-42';

export async function createNetwork(size: number): Promise<BenchNetwork> {
  const name = `chapters_bench_api_${size}_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => admin(`drop database if exists "${name}" with (force)`);
  try {
    const database = await openDatabase({ url: url.toString(), embeddedDir: 'unused', poolMax: 4 });
    try {
      await database.migrate();
      const started = Date.now();
      await generateLargeNetwork(database.db, size);
      // What the admin dashboard reads: hosts, lists and contacts for every chapter.
      const adminId = await generateAdminData(database.db);
      const generateSeconds = (Date.now() - started) / 1000;
      const hostId = await generateHost(database.db, SAMPLE);
      const { token: hostToken } = await createSession(database.db, hostId, 1);
      const { token: adminToken } = await createSession(database.db, adminId, 1);
      // Vacuumed as well: the generation rewrites each chapter row once per post (the
      // last_active_at trigger), and a server without autovacuum (this one's) keeps the dead rows.
      await database.db.execute(sql`vacuum analyze`);
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [chapter] = await rows<{ id: number; slug: string; state: string }>(
        sql`select id, slug, lower(state) as state from chapters where slug = ${SAMPLE}`,
      );
      const [event] = await rows<{ slug: string }>(
        sql`select slug from chapter_events where chapter_id = ${chapter!.id} order by id limit 1`,
      );
      const rotated = await rows<{ slug: string; state: string }>(
        sql`select slug, lower(state) as state from chapters where status = 1 order by id limit 1000`,
      );
      return {
        url: url.toString(),
        facts: { chapter: chapter!, eventSlug: event!.slug, rotated, hostToken, adminToken },
        generateSeconds,
        drop,
      };
    } finally {
      await database.close();
    }
  } catch (err) {
    await drop();
    throw err;
  }
}
