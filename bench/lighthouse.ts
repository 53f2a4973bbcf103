// `npm run bench:lighthouse`: Lighthouse's performance audit of the home page, a state page, a
// chapter page, an event page and two frames other sites show (a chapter's list, the map), run
// three times per page and preset (mobile, then desktop) in Debian's Chromium, printing the
// medians of the score, LCP, TBT, CLS and bytes. The site runs from the build (on a fresh
// embedded database with the demo data), with map tiles from a local blank-tile server, so no
// request leaves the machine.
//
// `tsx bench/lighthouse.ts [dir]` measures the build in `dir` (default: WEB_DIR, then dist/web);
// PRESETS=mobile runs only the mobile preset; PAGES=frame,map frame only those pages (by the
// names printed); RUNS sets the runs per page (default 3).
// Lighthouse measures the time of tasks on this machine's CPU (and multiplies it, for mobile):
// run it on a quiet machine, and compare figures taken in the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { freePort } from '../src/server/test/freePort';

/** PAGES=frame,map frame: only the pages of these names. */
const ONLY = (process.env.PAGES ?? '')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'state', path: '/chapters/ny' },
  { name: 'chapter', path: '/chapter/ny/drinking-liberally-upper-west-side' },
  {
    name: 'event',
    path: '/chapter/dc/drinking-liberally-capitol-hill/events/capitol-hill-hawk-n-dove',
  },
  // The frames other sites show (issue 36): a chapter's list, and the whole network's map.
  { name: 'frame', path: '/embed/chapter/drinking-liberally-upper-west-side' },
  { name: 'map frame', path: '/embed/map' },
].filter((page) => ONLY.length === 0 || ONLY.includes(page.name));
const PRESETS = (process.env.PRESETS ?? 'mobile,desktop').split(',').map((p) => p.trim());
const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * DETAILS=1: after each run, where its time went (FCP, LCP element, long tasks, main thread) and
 * what moved (layout shifts).
 */
const DETAILS = Boolean(process.env.DETAILS);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A 1x1 light grey PNG: every map tile, drawn 256 px wide by Leaflet. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4/x8AAv4B/h5sQOUAAAAASUVORK5CYII=',
  'base64',
);

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

async function startSite(webDir: string, tileUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chapters-lighthouse-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      DATABASE_URL: '',
      MAP_TILE_URL: tileUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Seeding the demo on a machine shared at load 30 took over two minutes (2026-11-29).
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The site did not start:\n${log}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, stop };
}

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function audit(url: string, port: number, preset: string): Promise<Figures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  if (DETAILS) printDetails(url, preset, lhr);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
  };
}

/**
 * A run whose trace came out incomplete is run again, up to twice: Lighthouse itself says
 * "Please run Lighthouse again" (NO_NAVSTART came now and then on a loaded machine). Each rerun
 * is printed, so a page that needs them is seen.
 */
async function auditAgainIfTraceFailed(url: string, port: number, preset: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, preset);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (attempt >= 3 || !message.includes('Please run Lighthouse again')) throw err;
      console.log(`  ${preset} ${new URL(url).pathname}: ${message}; running it again`);
    }
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function printDetails(url: string, preset: string, lhr: Lhr) {
  const items = (id: string) =>
    (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const ms = (id: string) => (lhr.audits[id]?.numericValue ?? NaN).toFixed(0);
  console.log(
    `  ${preset} ${new URL(url).pathname}: benchmarkIndex ${lhr.environment.benchmarkIndex}, ` +
      `FCP ${ms('first-contentful-paint')} ms, SI ${ms('speed-index')} ms, ` +
      `LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms`,
  );
  const lcpElement = items('largest-contentful-paint-element')[0] as
    { items?: { node?: { snippet?: string } }[] } | undefined;
  console.log(`    LCP element: ${lcpElement?.items?.[0]?.node?.snippet ?? '?'}`);
  for (const task of items('long-tasks').slice(0, 5)) {
    console.log(
      `    long task ${Number(task.duration).toFixed(0)} ms at ${Number(task.startTime).toFixed(0)}: ${String(task.url)}`,
    );
  }
  // What moved (CLS): the node that moved most in each shift, and what Chromium names as cause.
  for (const shift of items('layout-shifts')) {
    const node = shift.node as { selector?: string; snippet?: string } | undefined;
    console.log(
      `    layout shift ${Number(shift.score).toFixed(3)}: ${node?.selector} ${node?.snippet}`,
    );
    const causes = (shift.subItems as { items?: { cause?: unknown }[] } | undefined)?.items ?? [];
    for (const { cause } of causes) console.log(`      cause: ${JSON.stringify(cause)}`);
  }
  for (const script of items('bootup-time').slice(0, 4)) {
    console.log(
      `    script ${String(script.url)}: ${Number(script.scripting).toFixed(0)} ms running, ` +
        `${Number(script.scriptParseCompile).toFixed(0)} ms parsing`,
    );
  }
  for (const part of items('mainthread-work-breakdown')) {
    console.log(
      `    main thread ${String(part.groupLabel)}: ${Number(part.duration).toFixed(0)} ms`,
    );
  }
}

async function main() {
  const webDir = path.resolve(process.argv[2] ?? process.env.WEB_DIR ?? 'dist/web');
  const tiles = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' });
    res.end(BLANK_TILE);
  });
  const tilePort = await listen(tiles);
  const site = await startSite(webDir, `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    // One visit each first, so that no run pays for the server's first answers.
    for (const page of PAGES) await fetch(site.baseUrl + page.path).then((r) => r.text());
    console.log(`Lighthouse ${RUNS} runs per page, medians (${webDir})`);
    console.log(
      'preset'.padEnd(9) +
        'page'.padEnd(11) +
        ['score', 'LCP ms', 'TBT ms', 'CLS', 'bytes'].map((h) => h.padStart(10)).join(''),
    );
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await auditAgainIfTraceFailed(site.baseUrl + page.path, chrome.port, preset));
        const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
        console.log(
          preset.padEnd(9) +
            page.name.padEnd(11) +
            [
              String(m('score')),
              m('lcp').toFixed(0),
              m('tbt').toFixed(0),
              m('cls').toFixed(3),
              m('bytes').toFixed(0),
            ]
              .map((v) => v.padStart(10))
              .join('') +
            `   (scores ${runs.map((r) => r.score).join(', ')})`,
        );
      }
    }
  } finally {
    chrome.kill();
    await site.stop();
    tiles.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
