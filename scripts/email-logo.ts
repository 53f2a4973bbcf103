// Draws src/web/public/email-logo.png, the logo every email shows (server/mail/layout.ts):
// mail clients show no SVG, so the mark of common/brand.ts goes out as a picture, 96 px square
// (three times the 32 px it is shown at, sharp on any screen). Run after the mark changes:
//   npx tsx scripts/email-logo.ts
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BRAND_MARK } from '../src/common/brand';

const svg =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${BRAND_MARK.viewBox}" width="96" height="96">` +
  `<path fill="#7a3e9d" d="${BRAND_MARK.bubble}"/><path fill="#fff" d="${BRAND_MARK.glass}"/></svg>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 96, height: 96 } });
await page.setContent(`<body style="margin:0;background:transparent">${svg}</body>`);
const png = await page.locator('svg').screenshot({ omitBackground: true });
writeFileSync(new URL('../src/web/public/email-logo.png', import.meta.url), png);
await browser.close();
