// `npx tsx bench/explainLists.ts`: EXPLAIN ANALYZE of the list queries (state page, home map)
// and of a chapter read over the large network on PostgreSQL (bench/generate.ts; BENCH_CHAPTERS
// chapters, 2,000 by default), as they were (every post and every chapter email grouped per
// request to find 'Last Active'; whole chapter rows sorted) and as the code builds them now
// (chapters.last_active_at, summary columns only, events as JSON in the same statement). Prints
// each plan with its time. BENCH_DATABASE_URL names a server (default: the local test server); a
// fresh database is created there and dropped afterwards.
import pg from 'pg';
import { and, eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import type { Db } from '../src/server/db/client';
import { chapters } from '../src/server/db/schema';
import { CHAPTER_STATUS } from '../src/common/constants';
import { fullChapterQuery } from '../src/server/modules/chapters/chapter';
import { storedStates } from '../src/server/modules/chapters/service';
import { summariesQuery } from '../src/server/core/summaries';
import { chapterVisibleTo } from '../src/server/core/visibility';
import { exceptionCutoff } from '../src/server/core/exceptions';
import { generateAdminData, generateLargeNetwork } from './generate';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const STATE = `c.state = 'NY' and c.status = 1`;
const ACTIVE = `c.status = 1`;

const CHAPTERS = Number(process.env.BENCH_CHAPTERS ?? 2000);

/** The statements as the code builds them, with their parameters. */
function current(db: Db): [string, { toSQL(): { sql: string; params: unknown[] } }][] {
  const active = eq(chapters.status, CHAPTER_STATUS.active);
  return [
    [
      'now: state list (NY, visitors), one statement',
      summariesQuery(db, {
        where: and(inArray(chapters.state, storedStates('NY')), chapterVisibleTo(null)),
      }),
    ],
    ['now: home map /active, one statement', summariesQuery(db, { where: active })],
    [
      'now: chapter read by slug, one statement',
      fullChapterQuery(db, eq(chapters.slug, 'bench-chapter-42')),
    ],
  ];
}

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
    await generateLargeNetwork(database.db, CHAPTERS);
    await generateAdminData(database.db);
    await database.db.execute(sql`vacuum analyze`);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const explain = async (label: string, text: string, params: unknown[] = []) => {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off) ${text}`,
        params,
      );
      console.log(`\n== ${label}`);
      for (const row of plan.rows) console.log(row['QUERY PLAN']);
    };
    try {
      for (const [label, text] of queries) await explain(label, text);
      const cutoff = exceptionCutoff(new Date());
      for (const [label, query] of current(database.db)) {
        const built = query.toSQL();
        await explain(
          label,
          built.sql,
          fillPlaceholders(built.params, { cutoff, countedList: 'brontoListId' }),
        );
      }
    } finally {
      await client.end();
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
