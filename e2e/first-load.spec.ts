// A first visit on a slow phone: the page's HTML names the API answers its first screen needs
// (modules/seo/meta.ts `preload`), the browser fetches them beside the app's script, and the
// app then uses those very answers. Each is fetched once: a preload the app did not use would be
// the same bytes twice on a phone's connection.
import { expect, test } from './harness';

const PAGES = [
  { path: '/', ready: 'Recent Press Mentions' },
  { path: '/chapters/ny', ready: 'New York' },
  { path: '/chapter/ny/drinking-liberally-upper-west-side', ready: 'Upper West Side' },
];

for (const { path, ready } of PAGES) {
  test(`${path}: the answers named for preloading are fetched once, and used`, async ({ page }) => {
    const unused: string[] = [];
    page.on('console', (msg) => {
      if (/preloaded using link preload but not used/.test(msg.text())) unused.push(msg.text());
    });
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) {
        const key = url.pathname + url.search;
        asked.set(key, (asked.get(key) ?? 0) + 1);
      }
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
    expect(preloaded.length, 'answers named for preloading').toBeGreaterThan(0);
    for (const href of preloaded) expect(asked.get(href), href).toBe(1);
    // Chromium says so when a preloaded answer is still unused 3 s after the load event: a
    // path the screens do not ask for (or not in the same way) would be fetched for nothing.
    await page.waitForTimeout(3_500);
    expect(unused).toEqual([]);
  });
}
