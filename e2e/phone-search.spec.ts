// Search first on a phone (issue 25, goal 4): the search box in the first screen, the nearest
// chapters in view after a search, and a map that fits the place and the nearest chapters.
import type { Page } from '@playwright/test';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';

/** Pins and clusters drawn inside the map's box. */
function markersInMap(page: Page) {
  return page.locator('.chapter-map .leaflet-marker-icon').evaluateAll((els) => {
    const map = document.querySelector('.chapter-map')!.getBoundingClientRect();
    return els.filter((el) => {
      const r = el.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      return x > map.left && x < map.right && y > map.top && y < map.bottom;
    }).length;
  });
}

async function search(page: Page, place: string) {
  await page.getByLabel('Find chapters near').fill(place);
  await page.getByLabel('Find chapters near').press('Enter');
}

test('on a phone the search is in the first screen and its results come up in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await appDrawn(page);
  const box = (await page.getByLabel('Find chapters near').boundingBox())!;
  expect(box.y + box.height).toBeLessThan(844);
  await evidence(page, 'home-390');

  await search(page, 'Columbus, OH');
  const list = page.getByRole('region', { name: 'Chapters nearest Columbus, OH' });
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText(/\d+ mi/);
  await expect(first).toContainText(/Next at /);
  // In view without the visitor scrolling: the first two results are on the screen.
  await expect(first).toBeInViewport({ ratio: 1 });
  await expect(list.getByRole('listitem').nth(1)).toBeInViewport();
  // The map below fits Columbus with the nearest chapters: pins in it, never an empty zoom.
  await expect.poll(() => markersInMap(page)).toBeGreaterThan(0);
  await expectAccessible(page);
  await evidence(page, 'home-search-390');

  // The switch shows the map alone, then the list again.
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(list).toBeHidden();
  await expect(page.locator('.chapter-map')).toBeInViewport();
  await evidence(page, 'home-search-map-390');
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(list).toBeVisible();
});

test('on a desktop the nearest chapters stand beside the map, which fits them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await appDrawn(page);
  await evidence(page, 'home-1280');
  await search(page, 'Columbus, OH');
  const list = page.getByRole('region', { name: 'Chapters nearest Columbus, OH' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  // No List/Map switch where both fit.
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toBeHidden();
  const listBox = (await list.boundingBox())!;
  // The map itself, not the box drawn in its place while Leaflet loads (about to leave the page).
  await expect(page.locator('.chapter-map .chapter-map-canvas')).toBeVisible();
  const mapBox = (await page.locator('.chapter-map').boundingBox())!;
  expect(listBox.x + listBox.width).toBeLessThanOrEqual(mapBox.x);
  await expect.poll(() => markersInMap(page)).toBeGreaterThan(0);
  await expect(list.getByRole('listitem').first()).toBeInViewport();
  await expectAccessible(page);
  await evidence(page, 'home-search-1280');
});
