// `tsx scripts/screenshots.ts <outdir> [--dark]`: full-page screenshots of the pages a visitor
// meets first (home, a state page, a chapter page, an event page) at a phone's width (390 px) and
// a laptop's (1280 px), taken from the build (`npm run build` first) on a fresh embedded database
// with the demo data, the way the browser tests start the site. Before-and-after pictures of a
// change to the look are taken with this one script, so they differ only by the change.
// `--dark` adds the same pages in the dark colour scheme (`<name>-<width>-dark.png`).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startSite } from '../e2e/site';

const CHAPTER = '/chapter/dc/drinking-liberally-capitol-hill';
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'state', path: '/chapters/dc' },
  { name: 'chapter', path: CHAPTER },
  { name: 'event', path: `${CHAPTER}/events/capitol-hill-hawk-n-dove` },
];
const WIDTHS = [390, 1280];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const outDir = args.find((a) => !a.startsWith('--'));
  if (!outDir) throw new Error('Usage: tsx scripts/screenshots.ts <outdir> [--dark]');
  const schemes: ('light' | 'dark')[] = args.includes('--dark') ? ['light', 'dark'] : ['light'];
  mkdirSync(outDir, { recursive: true });

  const site = await startSite();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS,
  });
  try {
    for (const colorScheme of schemes) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: width < 800 ? 844 : 800 },
          colorScheme,
        });
        const page = await context.newPage();
        for (const { name, path: pagePath } of PAGES) {
          await page.goto(site.baseUrl + pagePath, { waitUntil: 'networkidle' });
          await page.locator('h1').first().waitFor();
          const suffix = colorScheme === 'dark' ? '-dark' : '';
          const file = path.join(outDir, `${name}-${width}${suffix}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
