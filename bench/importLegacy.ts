// `npm run bench:import`: the import of a whole network from a stand-in of the original site
// (src/server/test/legacySite.ts) into a fresh PostgreSQL database: 2,000 chapters with their
// events and posts, and 20,000 users. Prints the time of the first run and of a second one
// (everything unchanged). The stand-in answers from this same process, so its work is counted
// in the time too.
//
//   npm run bench:import -- [--chapters 2000] [--users 20000] [--concurrency 8] [--db postgres|pglite]
//
// PostgreSQL (the default): a fresh database on BENCH_DATABASE_URL or TEST_DATABASE_URL's server
// (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards. PGlite: the embedded
// database, in memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { importLegacy } from '../src/server/import/legacy/run';
import { formatReport } from '../src/server/import/legacy/report';
import { legacyData } from '../src/server/test/legacyData';
import { startLegacySite } from '../src/server/test/legacySite';

const { values: args } = parseArgs({
  options: {
    chapters: { type: 'string', default: '2000' },
    users: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '8' },
    db: { type: 'string', default: 'postgres' },
  },
});

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const data = legacyData({
    chapters: Number(args.chapters),
    users: Number(args.users),
    eventsPerChapter: 2,
    postsPerChapter: 3,
    edgeCases: false,
  });
  const site = await startLegacySite(data);
  const postgres = args.db !== 'pglite';
  const name = `bench_import_${Date.now()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (postgres) await admin(`create database "${name}"`);
  const concurrency = Number(args.concurrency);
  const database = await openDatabase({
    url: postgres ? url.toString() : undefined,
    embeddedDir: 'memory',
    poolMax: concurrency + 2,
  });
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  try {
    await database.migrate();
    const options = {
      from: site.url,
      email: data.admin.email,
      password: data.admin.password,
      uploadsDir,
      concurrency,
      out: process.stdout,
    };
    // CPU seconds of this process (the importer, the stand-in and PGlite when embedded): on a
    // machine shared with other work, wall time is mostly waiting for a core.
    const cpu = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6;
    };
    const cpu0 = cpu();
    const first = await importLegacy(database.db, options);
    const cpu1 = cpu();
    console.log(formatReport(first));
    const second = await importLegacy(database.db, options);
    const cpu2 = cpu();
    console.log(formatReport(second));
    console.log(
      `\n${args.chapters} chapters (${2 * Number(args.chapters)} events, ${3 * Number(args.chapters)} posts), ${args.users} users:` +
        ` first import ${first.seconds} s (CPU ${(cpu1 - cpu0).toFixed(1)} s), second run (nothing changed)` +
        ` ${second.seconds} s (CPU ${(cpu2 - cpu1).toFixed(1)} s)` +
        ` (concurrency ${concurrency}, ${postgres ? 'PostgreSQL' : 'PGlite'}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
    );
  } finally {
    await database.close();
    await site.close();
    if (postgres) await admin(`drop database if exists "${name}" with (force)`);
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
