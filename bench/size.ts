// `npm run bench:size`: the JavaScript and CSS each public route makes the browser load on a
// first visit, gzip-compressed, as Chromium actually requests them from the built site.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startSite } from '../e2e/site';

const ROUTES = [
  '/',
  '/about',
  '/chapter_types',
  '/chapters/ny',
  '/chapter/ny/drinking-liberally-upper-west-side',
  '/press_mentions',
  '/intro_start_chapter',
  '/start_chapter',
  '/signin',
  '/register_for_account',
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function main() {
  const site = await startSite();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    console.log('route'.padEnd(45), 'JS (gzip)'.padStart(12), 'CSS (gzip)'.padStart(12), ' files');
    for (const route of ROUTES) {
      const page = await browser.newPage();
      const sizes = { js: 0, css: 0, files: 0 };
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        void res.body().then((body) => {
          sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body).length;
          sizes.files += 1;
        });
      });
      await page.goto(site.baseUrl + route, { waitUntil: 'networkidle' });
      await page.close();
      console.log(
        route.padEnd(45),
        kb(sizes.js).padStart(12),
        kb(sizes.css).padStart(12),
        String(sizes.files).padStart(6),
      );
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
