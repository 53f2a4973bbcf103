// A first visit on a slow phone. The server draws the first screen of the home page, a state
// page and a chapter page in the HTML, with the answers it drew them with (web/ssr); the app
// starts with those answers and asks for none of them again. Any answer the page names for
// preloading instead (the home map's) is fetched beside the script, once, and used.
import { expect, test } from './harness';

const PAGES = [
  {
    path: '/',
    ready: 'Recent Press Mentions',
    carried: ['/api/blog_post/public/0', '/api/front_page', '/api/press_mention/public/8'],
  },
  {
    path: '/chapters/ny',
    ready: 'New York',
    carried: ['/api/chapters/state/ny', '/api/press_mention/public/state/ny'],
  },
  {
    path: '/chapter/ny/drinking-liberally-upper-west-side',
    ready: 'Upper West Side',
    carried: ['/api/chapter/slug/drinking-liberally-upper-west-side'],
  },
];

for (const { path, ready, carried } of PAGES) {
  test(`${path}: the app uses the answers the page carries, and each preloaded one once`, async ({
    page,
  }) => {
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
    for (const answer of carried) expect(asked.get(answer), answer).toBeUndefined();
    const preloaded = await page
      .locator('link[rel="preload"][as="fetch"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
    for (const href of preloaded) expect(asked.get(href), href).toBe(1);
    // Chromium says so when a preloaded answer is still unused 3 s after the load event: a
    // path the screens do not ask for (or not in the same way) would be fetched for nothing.
    // Counted from the load event itself, not from now: the checks above took part of it.
    await page.waitForFunction(() => {
      const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return !!load && load.loadEventEnd > 0 && performance.now() > load.loadEventEnd + 3_500;
    });
    expect(unused).toEqual([]);
  });
}

test("a chapter page's content is in the page before any script runs", async ({ browser }) => {
  // Without scripts: the server's screen is the page.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const still = await context.newPage();
  await still.goto('/chapter/ny/drinking-liberally-upper-west-side');
  await expect(still.getByRole('heading', { name: 'Upper West Side', level: 1 })).toBeVisible();
  await expect(still.getByText('Progressive conversation over a pint')).toBeVisible();
  await expect(still.getByRole('heading', { name: 'Next Event' })).toBeVisible();
  await context.close();
});
