// The maps as visitors use them: every pin in view at any width, clusters that open, a key to
// the pin icons, pins on every map that open their info window, place search that knows the
// world, a list of the nearest chapters, and no location prompt until asked for.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';

/** Pins (and pins inside clusters) inside and outside the map's box. */
async function pinsInView(page: Page) {
  return page.evaluate(() => {
    const map = document.querySelector('.chapter-map')!;
    const box = map.getBoundingClientRect();
    let inside = 0;
    let outside = 0;
    for (const el of map.querySelectorAll('.leaflet-marker-icon')) {
      const r = el.getBoundingClientRect();
      const n = el.classList.contains('marker-cluster') ? Number(el.textContent) : 1;
      const within =
        r.left >= box.left - 1 &&
        r.right <= box.right + 1 &&
        r.top >= box.top - 1 &&
        r.bottom <= box.bottom + 1;
      if (within) inside += n;
      else outside += n;
    }
    return { inside, outside };
  });
}

async function chaptersOnMap(page: Page): Promise<number> {
  const res = await page.request.get('/api/chapters/active');
  const chapters = (await res.json()) as { nextEvent: { lat: number; lng: number } | null }[];
  return chapters.filter((c) => c.nextEvent && (c.nextEvent.lat !== 0 || c.nextEvent.lng !== 0))
    .length;
}

for (const width of [390, 1280]) {
  test(`the home map shows every chapter's pin at ${width}px, with a key to the icons`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const expected = await chaptersOnMap(page);
    expect(expected).toBeGreaterThan(15);
    await page.goto('/');
    await expect(page.locator('.chapter-map .leaflet-marker-icon').first()).toBeVisible();
    await expect
      .poll(() => pinsInView(page), { timeout: 10_000 })
      .toEqual({ inside: expected, outside: 0 });
    const key = page.getByRole('list', { name: 'Map key' });
    await expect(key.getByText('Drinking Liberally')).toBeVisible();
    await expect(key.getByText('Reading Liberally')).toBeVisible();
  });
}

test('pins close together gather in a cluster that opens into its pins', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const cluster = page.locator('.chapter-map .marker-cluster').first();
  await expect(cluster).toBeVisible();
  const pinNames = () =>
    page
      .locator('.chapter-map .leaflet-marker-icon:not(.marker-cluster)')
      .evaluateAll((pins) => pins.map((p) => p.getAttribute('title')));
  const before = await pinNames();
  await cluster.click();
  // Its pins appear by name, where the cluster stood for them.
  await expect
    .poll(async () => (await pinNames()).filter((name) => !before.includes(name)).length)
    .toBeGreaterThan(0);
});

test('a search lists the nearest chapters with their distance and next meeting', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByLabel('Find chapters near').fill('Columbus, OH');
  await page.getByLabel('Find chapters near').press('Enter');
  const list = page.getByRole('region', { name: 'Chapters nearest Columbus, OH' });
  await expect(list).toBeVisible();
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(5);
  await expect(items.first()).toContainText('Pittsburgh');
  await expect(items.first()).toContainText(/\d+ mi \(\d+ km\)/);
  // Its next meeting: a date tile (read as one phrase) and where.
  await expect(items.first().locator('.date-tile')).toContainText(
    /^\w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2}[ap]m E[SD]T/,
  );
  await expect(items.first()).toContainText(/Next at .+, Pittsburgh/);
  await items.first().getByRole('link', { name: 'Pittsburgh', exact: true }).click();
  await expect(page).toHaveURL(/\/chapter\/pa\/drinking-liberally-pittsburgh$/);
});

test('the search finds cities abroad, and International fits its chapters', async ({ page }) => {
  await page.goto('/');
  for (const [typed, shown, first] of [
    ['London', 'London, United Kingdom', 'London'],
    ['Toronto', 'Toronto, Canada', 'Toronto'],
  ] as const) {
    await page.getByLabel('Find chapters near').fill(typed);
    await page.getByLabel('Find chapters near').press('Enter');
    await expect(page.getByText(`Showing ${shown}`)).toBeVisible();
    const list = page.getByRole('region', { name: `Chapters nearest ${shown}` });
    await expect(list.getByRole('listitem').first()).toContainText(first);
  }
  // One pin per meeting place of its chapters (London meets in two).
  const res = await page.request.get('/api/chapters/state/int');
  const places = ((await res.json()) as { chapter_events: unknown[] }[]).flatMap(
    (c) => c.chapter_events,
  ).length;
  expect(places).toBeGreaterThanOrEqual(2);
  await page.goto('/chapters/int');
  await expect(page.locator('.chapter-map .leaflet-marker-icon').first()).toBeVisible();
  await expect.poll(() => pinsInView(page)).toEqual({ inside: places, outside: 0 });
});

test('a pin on a state page opens its info window by click and by Enter', async ({ page }) => {
  await page.goto('/chapters/pa');
  const pin = page.getByRole('button', { name: /^Pittsburgh: / });
  await pin.click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name: 'Pittsburgh' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await pin.focus();
  await pin.press('Enter');
  await expect(popup.getByRole('link', { name: 'Pittsburgh' })).toBeVisible();
  await expectAccessible(page);
});

test("the chapter page's pin opens the same info window", async ({ page }) => {
  await page.goto('/chapter/pa/drinking-liberally-pittsburgh');
  const map = page.getByRole('region', { name: /^Map of / });
  const pin = map.locator('.leaflet-marker-icon');
  await expect(pin).toHaveCount(1);
  await pin.click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name: 'Pittsburgh' })).toBeVisible();
  await expect(popup.getByLabel('Join the mailing list')).toBeVisible();
});

test("the state page's type filters wear their pin colours", async ({ page }) => {
  await page.goto('/chapters/ny');
  const chips = page.getByRole('group', { name: 'Show chapter types' });
  const drinking = chips.getByRole('button', { name: 'Drinking Liberally' });
  await expect(drinking).toHaveCSS('background-color', 'rgb(31, 95, 168)');
  await drinking.click();
  await expect(drinking).toHaveAttribute('aria-pressed', 'false');
  await expect(drinking).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(drinking).toHaveCSS('border-top-color', 'rgb(31, 95, 168)');
  await expectAccessible(page);
});

test('the home page asks for the location only when the visitor presses the button', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { geoAsks: number };
    w.geoAsks = 0;
    const real = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
    navigator.geolocation.getCurrentPosition = (...args) => {
      w.geoAsks += 1;
      real(...args);
    };
  });
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 40.44, longitude: -79.99 });
  await page.goto('/');
  await expect(page.locator('.chapter-map .leaflet-marker-icon').first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { geoAsks: number }).geoAsks)).toBe(0);
  await page.getByRole('button', { name: 'Use my location' }).click();
  const list = page.getByRole('region', { name: 'Chapters nearest your location' });
  await expect(list.getByRole('listitem').first()).toContainText('Pittsburgh');
  expect(await page.evaluate(() => (window as unknown as { geoAsks: number }).geoAsks)).toBe(1);
});
