// `npx tsx bench/explainLists.ts`: EXPLAIN ANALYZE of the list queries (state page, home map)
// over the large network on PostgreSQL (bench/generate.ts), as they were (every post and every
// chapter email grouped per request to find 'Last Active'; whole chapter rows sorted) and as
// they are (chapters.last_active_at, summary columns only). Prints each plan with its time.
// BENCH_DATABASE_URL names a server (default: the local test server); a fresh database is
// created there and dropped afterwards.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { generateAdminData, generateLargeNetwork } from './generate';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const SUMMARY = `c.id, c.title, c.slug, c.city, c.state, c.postal_code, c.country, c.status,
  c.chapter_type_id, c.email_alias, c.last_active_at, t.*`;
const STATE = `c.state = 'NY' and c.status = 1`;
const ACTIVE = `c.status = 1`;

const queries: [string, string][] = [
  [
    'before: state, last posts',
    `select p.chapter_id, max(p.created_at) from chapter_blog_posts p
    join chapters c on c.id = p.chapter_id where ${STATE} group by p.chapter_id`,
  ],
  [
    'before: state, last emails',
    `select m.chapter_id, max(m.created_at) from mailing_messages m
    join chapters c on c.id = m.chapter_id where m.chapter_id is not null and ${STATE}
    group by m.chapter_id`,
  ],
  [
    'before: home map, last posts',
    `select p.chapter_id, max(p.created_at) from chapter_blog_posts p
    join chapters c on c.id = p.chapter_id where ${ACTIVE} group by p.chapter_id`,
  ],
  [
    'before: home map, chapters (whole rows)',
    `select c.*, t.* from chapters c
    join chapter_types t on t.id = c.chapter_type_id where ${ACTIVE}
    order by c.state, c.title, c.id`,
  ],
  [
    'after: state, chapters',
    `select ${SUMMARY} from chapters c
    join chapter_types t on t.id = c.chapter_type_id where ${STATE}
    order by c.state, c.title, c.id`,
  ],
  [
    'after: state, events (as before)',
    `select e.* from chapter_events e
    join chapters c on c.id = e.chapter_id where ${STATE} order by e.id`,
  ],
  [
    'after: home map, chapters',
    `select ${SUMMARY} from chapters c
    join chapter_types t on t.id = c.chapter_type_id where ${ACTIVE}
    order by c.state, c.title, c.id`,
  ],
  [
    'after: home map, events (as before)',
    `select e.* from chapter_events e
    join chapters c on c.id = e.chapter_id where ${ACTIVE} order by e.id`,
  ],
  [
    'after: chapter read, events with exceptions',
    `select e.*, x.* from chapter_events e
    left join chapter_event_exceptions x on x.event_id = e.id
      and (x.date >= '2026-01-01' or x.moved_to_date >= '2026-01-01')
    where e.chapter_id = 42 order by e.id, x.date`,
  ],
  [
    'after: trigger, one chapter last active',
    `select greatest(
    (select max(created_at) from chapter_blog_posts where chapter_id = 42),
    (select max(created_at) from mailing_messages where chapter_id = 42))`,
  ],
];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main() {
  const name = `chapters_bench_explain_${Date.now()}`;
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString(), embeddedDir: 'unused', poolMax: 2 });
    await database.migrate();
    await generateLargeNetwork(database.db);
    await generateAdminData(database.db);
    await database.db.execute(sql`vacuum analyze`);
    for (const [label, text] of queries) {
      const plan = (await database.db.execute(
        sql.raw(`explain (analyze, costs off) ${text}`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      console.log(`\n== ${label}`);
      for (const row of plan.rows) console.log(row['QUERY PLAN']);
    }
    await database.close();
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
