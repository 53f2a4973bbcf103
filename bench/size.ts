// `npm run bench:size`: what a first visit to the home page makes the browser download before the
// site can show anything, gzip-compressed at the strongest level (as scripts/compress-web.ts
// serves it), checked against the budget of issue 13; the run fails above it. The one benchmark
// that fails a run: sizes do not move with the machine's load.
//
// First load: index.html's entry script, its modulepreloads and stylesheets, and everything those
// scripts import statically (the home screen is part of the entry: router.tsx imports it). Code a
// screen loads later with import() is listed apart, as Chromium fetches it when it opens the home
// page (the map's Leaflet comes that way, in parallel with the map's data); it is not budgeted.
//
// `tsx bench/size.ts [dir]` measures a build in `dir` (default: WEB_DIR, then dist/web).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const BUDGET = {
  /** Home page first-load JavaScript, gzip bytes: at most this. */
  js: 150_000,
  /** Home page first-load CSS, gzip bytes: at most this (issue 25; fonts are counted apart). */
  css: 25_000,
};

const dir = path.resolve(process.argv[2] ?? process.env.WEB_DIR ?? 'dist/web');
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`;
const gzipSize = (file: string) =>
  gzipSync(readFileSync(path.join(dir, file)), { level: constants.Z_BEST_COMPRESSION }).length;

/**
 * The files index.html names: its scripts, modulepreloads and stylesheets, and the entry and
 * modulepreloads its start script adds after the first paint (scripts/app-after-paint.ts).
 */
export function htmlAssets(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const local = (url: string) => /^\/?([^"]+\.(?:js|css))$/.exec(url)?.[1];
  return tags.flatMap((tag) => {
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    const wanted =
      /^<script/.test(tag) || /\brel="(modulepreload|stylesheet)"/.test(tag) ? url : undefined;
    const started = [
      ...(/\bdata-entry="([^"]+)"/.exec(tag)?.[1] ?? '').split(' '),
      ...(/\bdata-preload="([^"]*)"/.exec(tag)?.[1] ?? '').split(' '),
    ];
    return [wanted, ...started].flatMap((u) => (u && local(u) ? [local(u)!] : []));
  });
}

/** A built chunk's static imports (`import{a}from"./x.js"`, `import"./x.js"`), not import(). */
export function staticImports(code: string): string[] {
  const found = code.matchAll(/\bimport\s*(?:[\w${},*\s]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g);
  return [...found].map((m) => m[1]!);
}

/** The files a first visit loads before anything runs, following static imports. */
export function firstLoad(): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(path.join(dir, file), 'utf8');
    for (const rel of staticImports(code)) visit(path.posix.join(path.posix.dirname(file), rel));
  };
  for (const file of htmlAssets(readFileSync(path.join(dir, 'index.html'), 'utf8'))) visit(file);
  return [...files];
}

/** Serves the build as the site does (any page is index.html); the API answers 404. */
function serveBuild(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = path.join(dir, decodeURIComponent(url));
    const isFile = file.startsWith(dir) && existsSync(file) && /\.\w+$/.test(url);
    if (url.startsWith('/api/') || (!isFile && /\.\w+$/.test(url))) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"statusCode":404,"error":"Not Found","message":"Not Found"}');
      return;
    }
    const type = {
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.svg': 'image/svg+xml',
      '.woff2': 'font/woff2',
    };
    const ext = path.extname(isFile ? file : 'index.html') as keyof typeof type;
    res.writeHead(200, { 'content-type': type[ext] ?? 'text/html' });
    res.end(readFileSync(isFile ? file : path.join(dir, 'index.html')));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The scripts, stylesheets and fonts Chromium fetches when it opens the home page. */
async function loadedByBrowser(): Promise<string[] | null> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const server = await serveBuild();
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const files: string[] = [];
    page.on('requestfinished', (req) => {
      if (['script', 'stylesheet', 'font'].includes(req.resourceType())) {
        files.push(new URL(req.url()).pathname.replace(/^\//, ''));
      }
    });
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    return files;
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * The site's font files (woff2, already compressed: served as they are), each with whether the
 * home page fetched it. Not part of the CSS budget: a font is fetched after the CSS, in parallel
 * with the scripts, and the text shows in the system font meanwhile (font-display: swap).
 */
function fontTable(fetched: string[] | null): number {
  const fonts = readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.woff2'));
  let total = 0;
  for (const font of fonts.sort()) {
    const file = `assets/${font}`;
    const size = statSync(path.join(dir, file)).size;
    total += size;
    const note = fetched === null ? '' : fetched.includes(file) ? '  fetched by home' : '';
    console.log(`  ${file.padEnd(52)} ${kB(size).padStart(10)}${note}`);
  }
  if (fonts.length === 0) console.log('  (none)');
  return total;
}

function table(files: string[]): { js: number; css: number } {
  const sum = { js: 0, css: 0 };
  for (const file of [...files].sort()) {
    const size = gzipSize(file);
    sum[file.endsWith('.css') ? 'css' : 'js'] += size;
    console.log(`  ${file.padEnd(52)} ${kB(size).padStart(10)}`);
  }
  return sum;
}

async function main() {
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`No build in ${dir}: run \`npm run build\` (or pass a build directory).`);
  }
  console.log(`Home page, first load (${dir}), gzip -9:`);
  const first = firstLoad();
  const sum = table(first);

  const browser = await loadedByBrowser();
  if (browser === null)
    console.log('\n(no Chromium: the code loaded after the first render is not listed)');
  else {
    const later = [...new Set(browser)].filter((f) => !first.includes(f) && !f.endsWith('.woff2'));
    console.log('\nThen, fetched by the home page after its first render (not budgeted):');
    const then = later.length ? table(later) : { js: 0, css: 0 };
    console.log(`  whole home page: JS ${kB(sum.js + then.js)}, CSS ${kB(sum.css + then.css)}`);
  }

  console.log('\nFont files (woff2, counted apart from the CSS budget):');
  const fonts = fontTable(browser);
  console.log(`  all fonts: ${kB(fonts)}`);

  // Every chunk, the lazily loaded screens' too: a change that moves code out of the first load
  // should not make the whole app larger.
  const allJs = readdirSync(path.join(dir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .reduce((total, f) => total + gzipSize(`assets/${f}`), 0);
  console.log(`\nevery JS chunk, first load and lazy: ${kB(allJs)} (${bytes(allJs)})`);

  const jsOk = sum.js <= BUDGET.js;
  const cssOk = sum.css <= BUDGET.css;
  console.log(
    `first-load JS  ${kB(sum.js).padStart(9)}  budget ${kB(BUDGET.js)} or less  ${jsOk ? 'ok' : 'OVER BUDGET'}  (${bytes(sum.js)})`,
  );
  console.log(
    `first-load CSS ${kB(sum.css).padStart(9)}  budget ${kB(BUDGET.css)} or less  ${cssOk ? 'ok' : 'OVER BUDGET'}  (fonts apart: ${kB(fonts)})`,
  );
  if (!jsOk || !cssOk) process.exit(1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
