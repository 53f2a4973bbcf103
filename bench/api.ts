// `npm run bench:api`: every route of issue 13's table, against this machine's own ceiling.
//
// For each network size (BENCH_SIZES, default 200,2000,20000 chapters) a fresh database is made
// on the local PostgreSQL server (BENCH_DATABASE_URL names another) and filled
// (bench/generate.ts); the real server starts in its own process (bench/processes.ts). Every
// answer the routes will ask for is captured from the app, and a ceiling server (bench/ceiling.ts,
// a bare node:http server in its own process) replays those exact bytes and headers. Then each
// route is loaded (bench/load.ts: wrk when installed, autocannon otherwise; 1 thread, 50
// connections or 1, Accept-Encoding: gzip) in short interleaved rounds: app, ceiling, app,
// ceiling... so both see the same machine. Prints req/s, p99 and the app/ceiling ratio per
// route, the home map answer's size, and the server's memory; then all sizes as one table.
//
// BENCH_SECONDS (per round, default 3), BENCH_ROUNDS (rounds per server, default 2),
// BENCH_TOOL (wrk or autocannon), BENCH_ACCEPT_ENCODING (default gzip), BENCH_SERVER_ENTRY (a
// built server to run with node instead of src/server/main.ts with tsx), BENCH_VERBOSE=1 (each
// round's req/s too), BENCH_ROUTES (only the routes whose name contains one of these words,
// comma-separated).
// Slow figures never fail the run: it exits non-zero only when it could not measure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { answerKey, capture, type CapturedAnswers } from './capture';
import { loadTool, runLoad, type LoadResult } from './load';
import { createNetwork, type NetworkFacts } from './network';
import { cpuMsOf, memoryOf, settle, startApp, startCeiling, type Server } from './processes';
import { benchRoutes, entryScript, type BenchRoute } from './routes';
import { SESSION_COOKIE } from '../src/server/modules/auth/sessions';

const SIZES = (process.env.BENCH_SIZES ?? '200,2000,20000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARM_UP_SECONDS = 1;
const ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip';
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
/** Only the routes whose name contains one of these (comma-separated), for a quick look. */
const ONLY = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);

interface Row {
  size: number;
  route: BenchRoute;
  app: LoadResult[];
  ceiling: LoadResult[];
  /** The app server's CPU time over its measured rounds. */
  appCpuMs: number;
}

// Stopped servers and dropped databases, also on Ctrl-C.
const cleanups: (() => Promise<void>)[] = [];
let interrupted = false;
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((err: unknown) => console.error(err));
}
process.once('SIGINT', () => {
  interrupted = true;
  void cleanUp().then(() => process.exit(130));
});

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const KB = 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

function headersFor(route: BenchRoute, facts: NetworkFacts): Record<string, string> {
  return {
    'Accept-Encoding': ENCODING,
    ...(route.session === 'host' ? { Cookie: `${SESSION_COOKIE}=${facts.hostToken}` } : {}),
    ...(route.session === 'admin' ? { Cookie: `${SESSION_COOKIE}=${facts.adminToken}` } : {}),
  };
}

/** The app's answer to every URL the routes ask for, checked to be a success. */
async function captureAll(app: Server, routes: BenchRoute[], facts: NetworkFacts) {
  const answers: CapturedAnswers = {};
  for (const route of routes) {
    const headers = headersFor(route, facts);
    const queue = [...route.paths];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
          const answer = await capture(app.base, p, headers);
          if (answer.status !== 200) throw new Error(`${p} answered ${answer.status}`);
          answers[answerKey(p, route.session !== null)] = answer;
        }
      }),
    );
  }
  return answers;
}

/** The home map's answer as JSON and gzipped, and how long the first one took. */
async function mapSizes(app: Server, mapPath: string) {
  const started = performance.now();
  const plain = await capture(app.base, mapPath, {});
  const firstMs = performance.now() - started;
  const gzip = await capture(app.base, mapPath, { 'Accept-Encoding': 'gzip' });
  const zipped = gzip.headers['content-encoding'] === 'gzip';
  return {
    status: plain.status,
    jsonKb: Buffer.from(plain.body, 'base64').length / KB,
    gzipKb: zipped ? Buffer.from(gzip.body, 'base64').length / KB : NaN,
    firstMs,
  };
}

function summarize(row: Row) {
  const app = mean(row.app.map((r) => r.rps));
  const ceiling = mean(row.ceiling.map((r) => r.rps));
  return {
    app,
    ceiling,
    ratio: app / ceiling,
    appP99: Math.max(...row.app.map((r) => r.p99Ms)),
    ceilingP99: Math.max(...row.ceiling.map((r) => r.p99Ms)),
    errors: [...row.app, ...row.ceiling].reduce((n, r) => n + r.errors, 0),
    appRequests: row.app.reduce((n, r) => n + r.requests, 0),
  };
}

const HEAD = ['route', 'conns', 'app req/s', 'ceiling req/s', 'app/ceiling', 'app p99 ms'];
const HEAD_END = ['ceiling p99 ms', 'app CPU ms/req', 'errors'];

function printRow(row: Row, withSize = false) {
  const s = summarize(row);
  const cells = [
    ...(withSize ? [row.size.toLocaleString('en-US')] : []),
    row.route.name,
    String(row.route.connections),
    // No answer finished within a round: slower than one per round, however many were asked.
    s.appRequests ? s.app.toFixed(0) : `< ${(1 / SECONDS).toFixed(1)}`,
    s.ceiling.toFixed(0),
    `${(s.ratio * 100).toFixed(1)}%`,
    s.appRequests ? s.appP99.toFixed(1) : '-',
    s.ceilingP99.toFixed(1),
    s.appRequests ? (row.appCpuMs / s.appRequests).toFixed(2) : '-',
    String(s.errors),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

function printHead(withSize = false) {
  const head = [...(withSize ? ['chapters'] : []), ...HEAD, ...HEAD_END];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
}

async function measure(
  route: BenchRoute,
  app: Server,
  ceiling: Server,
  facts: NetworkFacts,
  databaseUrl: string,
) {
  const options = (server: Server, seconds: number) => ({
    base: server.base,
    paths: route.paths,
    headers: headersFor(route, facts),
    connections: route.connections,
    seconds,
  });
  // JIT, pools and answer caches warm on both before anything counts.
  await runLoad(options(app, WARM_UP_SECONDS));
  await settle(app.pid, databaseUrl);
  await runLoad(options(ceiling, WARM_UP_SECONDS));
  const row = { app: [] as LoadResult[], ceiling: [] as LoadResult[], appCpuMs: 0 };
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = cpuMsOf(app.pid);
    row.app.push(await runLoad(options(app, SECONDS)));
    row.appCpuMs += cpuMsOf(app.pid) - cpu;
    await settle(app.pid, databaseUrl);
    row.ceiling.push(await runLoad(options(ceiling, SECONDS)));
  }
  return row;
}

async function benchSize(size: number, rows: Row[]) {
  console.log(`\n## ${size.toLocaleString('en-US')} chapters (load average ${load()})`);
  const network = await createNetwork(size);
  cleanups.push(network.drop);
  console.log(`generated in ${network.generateSeconds.toFixed(1)} s`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  const app = await startApp(network.url, path.join(dataDir, 'data'));
  cleanups.push(app.stop);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = memoryOf(app.pid);

  const maps = [
    ['/api/chapters/active', await mapSizes(app, '/api/chapters/active')],
    ['/api/chapters/map', await mapSizes(app, '/api/chapters/map')],
  ] as const;
  for (const [mapPath, m] of maps) {
    if (m.status !== 200) continue;
    console.log(
      `home map ${mapPath}: ${m.jsonKb.toFixed(0)} KB JSON, ${m.gzipKb.toFixed(0)} KB gzip; ` +
        `first answer after start-up in ${m.firstMs.toFixed(0)} ms`,
    );
  }

  const script = entryScript();
  if (!script) console.log('no built web app in dist/web: no page HTML or static file rows');
  const routes = benchRoutes(network.facts, script, maps[1][1].status === 200).filter(
    (route) => ONLY.length === 0 || ONLY.some((part) => route.name.includes(part)),
  );
  const answersFile = path.join(dataDir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(await captureAll(app, routes, network.facts)));
  const ceiling = await startCeiling(answersFile);
  cleanups.push(ceiling.stop);
  const ceilingIdle = memoryOf(ceiling.pid);

  console.log(
    `${loadTool}, 1 thread, ${ROUNDS} rounds of ${SECONDS} s per server (after ${WARM_UP_SECONDS} s to warm up), Accept-Encoding: ${ENCODING}\n`,
  );
  printHead();
  for (const route of routes) {
    const row = {
      size,
      route,
      ...(await measure(route, app, ceiling, network.facts, network.url)),
    };
    rows.push(row);
    if (VERBOSE) {
      const each = (rs: LoadResult[]) => rs.map((r) => r.rps.toFixed(0)).join(', ');
      console.log(`  rounds (req/s): app ${each(row.app)}; ceiling ${each(row.ceiling)}`);
    }
    printRow(row);
  }
  const after = memoryOf(app.pid);
  console.log(
    `\napp server RSS: ${idle.rssMb.toFixed(0)} MB idle after start-up, ` +
      `${after.rssMb.toFixed(0)} MB after the run, peak ${after.peakMb.toFixed(0)} MB ` +
      `(ceiling server: ${ceilingIdle.rssMb.toFixed(0)} MB idle, ${memoryOf(ceiling.pid).rssMb.toFixed(0)} MB after)`,
  );
  console.log(`load average at the end: ${load()}`);
  await cleanUp();
}

async function main() {
  const rows: Row[] = [];
  const server = process.env.BENCH_SERVER_ENTRY ?? 'src/server/main.ts (tsx)';
  console.log(`bench:api in ${process.cwd()}, server ${server}, sizes ${SIZES.join(', ')}`);
  for (const size of SIZES) await benchSize(size, rows);
  console.log('\n## All sizes\n');
  printHead(true);
  for (const row of rows) printRow(row, true);
}

main().catch(async (err: unknown) => {
  if (interrupted) return;
  console.error(err);
  await cleanUp();
  process.exit(1);
});
