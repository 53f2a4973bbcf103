// The map other sites frame (issue 36): /embed/map?state=NY pins every chapter of the state a
// visitor may see, each pin's window names its chapter and links to its page in a new tab (the
// frame is somebody else's page: the chapter opens beside it, not inside the frame), a hidden
// chapter has no pin, and a reader without script gets the chapters as links.
import type { Page } from '@playwright/test';
import { expect, test } from './harness';
import { evidence } from './evidence';

interface StateChapter {
  displayTitle: string;
  slug: string;
  state: string;
  chapter_type: { name: string };
  nextEvent: { lat: number; lng: number } | null;
  chapter_events: { lat: number; lng: number }[];
}

/** The demo's one hidden chapter, Tennessee's only one. */
const HIDDEN = { state: 'tn', slug: 'laughing-liberally-nashville', title: 'Nashville' };

/**
 * The pins a state's map should have, from the state's list as a visitor gets it (active
 * chapters only): each chapter with a place, its next meeting's or one of its events'.
 */
async function expectedPins(page: Page, state: string) {
  const response = await page.request.get(`/api/chapters/state/${state}`);
  expect(response.ok()).toBe(true);
  const chapters = (await response.json()) as StateChapter[];
  return chapters
    .filter((c) => c.nextEvent ?? c.chapter_events.some((e) => e.lat && e.lng))
    .map((c) => ({
      title: `${c.chapter_type.name} Liberally ${c.displayTitle}`,
      path: `/chapter/${c.state.toLowerCase()}/${c.slug}`,
    }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

const markers = (page: Page) => page.locator('#map .leaflet-marker-icon');

/**
 * The frame's first view is a picture of the map; Leaflet starts when the reader reaches for it:
 * a pointer over it, or the keyboard's focus (the map is in the tab order), or a touch.
 */
const bringToLife = (page: Page, by: 'pointer' | 'keyboard' = 'pointer') =>
  by === 'pointer' ? page.locator('#map').hover() : page.keyboard.press('Tab');

for (const width of [390, 1280]) {
  test(`the map frame of New York at ${width} px: a pin per chapter, each opening to it`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const expected = await expectedPins(page, 'ny');
    expect(expected.length).toBeGreaterThan(1);

    await page.goto('/embed/map?state=NY');
    // At a phone's width by the keyboard: the map is the frame's first stop.
    await bringToLife(page, width === 390 ? 'keyboard' : 'pointer');
    if (width === 390) await expect(page.locator('#map')).toBeFocused();
    await expect(markers(page)).toHaveCount(expected.length);
    const titles = await markers(page).evaluateAll((els) =>
      els.map((el) => el.getAttribute('title') ?? ''),
    );
    expect(titles.sort((a, b) => a.localeCompare(b))).toEqual(expected.map((p) => p.title));
    // The key names the types pinned.
    await expect(page.getByRole('list', { name: 'Map key' }).getByRole('listitem')).not.toHaveCount(
      0,
    );

    // A pin opens (by keyboard, as Leaflet's pins are buttons: pins of one city may overlap) to
    // its chapter's name, a link to the chapter page in a new tab.
    const pin = expected[0]!;
    await markers(page)
      .and(page.locator(`[title="${pin.title}"]`))
      .focus();
    await page.keyboard.press('Enter');
    const link = page.locator('.leaflet-popup').getByRole('link', { name: pin.title });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `${baseURL}${pin.path}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await evidence(page, `embed-map-ny-${width}`);
  });

  test(`without script, the map frame lists New York's chapters as links, at ${width} px`, async ({
    browser,
    page,
    baseURL,
  }) => {
    const expected = await expectedPins(page, 'ny');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const plain = await context.newPage();
      await plain.setViewportSize({ width, height: 800 });
      await plain.goto('/embed/map?state=NY');
      const links = plain.getByRole('main').getByRole('link');
      await expect(links).toHaveCount(expected.length);
      // In the map's place, not under an empty box.
      await expect(links.first()).toBeInViewport();
      for (const pin of expected) {
        const link = plain.getByRole('link', { name: pin.title, exact: true });
        await expect(link).toHaveAttribute('href', `${baseURL}${pin.path}`);
        await expect(link).toHaveAttribute('target', '_blank');
      }
      // No script drew a pin.
      await expect(plain.locator('.leaflet-marker-icon')).toHaveCount(0);
      await evidence(plain, `embed-map-ny-noscript-${width}`);
      await plain.goto(`/embed/map?state=${HIDDEN.state}`);
      await expect(plain.getByRole('main').getByRole('link')).toHaveCount(0);
      // The whole network's map lists the states (never one with only a hidden chapter), each
      // leading, inside the frame, to that state's list.
      await plain.goto('/embed/map');
      await expect(plain.getByRole('link', { name: 'Tennessee' })).toHaveCount(0);
      await plain.getByRole('link', { name: 'New York', exact: true }).click();
      await expect(plain).toHaveURL(/\/embed\/map\?state=ny$/);
      await expect(plain.getByRole('main').getByRole('link')).toHaveCount(expected.length);
    } finally {
      await context.close();
    }
  });
}

// Which pins the map has is the server's answer, the same at any width: once, at a phone's.
test('a hidden chapter has no pin', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  // Tennessee's only chapter is hidden: its map is empty and says so.
  await page.goto(`/embed/map?state=${HIDDEN.state}`);
  await expect(page.getByText('No chapters here yet.')).toBeVisible();
  await bringToLife(page);
  await expect(page.locator('#map.leaflet-container')).toBeVisible();
  await expect(markers(page)).toHaveCount(0);
  // The whole network's map pins other chapters, never it.
  await page.goto('/embed/map');
  await bringToLife(page);
  await expect(markers(page).first()).toBeAttached();
  const titles = await markers(page).evaluateAll((els) =>
    els.map((el) => el.getAttribute('title') ?? ''),
  );
  expect(titles.length).toBeGreaterThan(1);
  expect(titles.filter((t) => t.endsWith(` ${HIDDEN.title}`))).toEqual([]);
});
