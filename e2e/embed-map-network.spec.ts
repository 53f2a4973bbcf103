// The network's map frame (issue 36), on a phone: /embed/map first shows a picture of the map
// (no Leaflet yet: a phone pays nothing for a map it is only shown), a touch brings it to life,
// and a pin, reached through its clusters, opens to its chapter's name, next meeting and a link
// to its page, which the frame asks for when the window opens.
import { decodeChapterMap } from '../src/common/chapterMap';
import type { ChapterMap } from '../src/common/schemas/chapterMap';
import { expect, test } from './harness';
import { evidence } from './evidence';

interface ChapterAnswer {
  state: string;
  slug: string;
  upcoming: { eventId: number; date: string }[];
  chapter_events: { id: number; name: string }[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.use({ viewport: { width: 390, height: 700 }, hasTouch: true, isMobile: true });

test("the network's map frame comes to life at a touch, and a pin opens to its chapter", async ({
  page,
  baseURL,
}) => {
  const answer = await page.request.get('/api/chapters/map');
  expect(answer.ok()).toBe(true);
  const pins = decodeChapterMap((await answer.json()) as ChapterMap);
  expect(pins.length).toBeGreaterThan(1);

  await page.goto('/embed/map');
  const map = page.locator('#map');
  // The first view: the key and a picture of the pins, and no Leaflet until the reader asks.
  await expect(page.getByRole('list', { name: 'Map key' }).getByRole('listitem')).not.toHaveCount(
    0,
  );
  await expect(map.locator('.map-poster canvas')).toBeAttached();
  await expect(map.locator('.map-poster img').first()).toBeAttached();
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await evidence(page, 'embed-map-network-390-picture');
  const tilesAt = (selector: string) =>
    map.locator(selector).evaluateAll((imgs) =>
      imgs.map((img) => {
        const { left, top } = img.getBoundingClientRect();
        return `${img.getAttribute('src')} at ${Math.round(left)},${Math.round(top)}`;
      }),
    );
  const pictured = await tilesAt('.map-poster img');

  await map.tap();
  const icons = map.locator('.leaflet-marker-icon');
  const clusters = icons.and(page.locator('.marker-cluster'));
  const single = icons.and(page.locator('.chapter-pin'));
  await expect(icons.first()).toBeVisible();
  // The picture goes once the map has drawn its own tiles and pins, which show the same view:
  // each of the picture's tiles is one of Leaflet's, at the same place.
  await expect(map.locator('.map-poster')).toHaveCount(0);
  expect(await tilesAt('.leaflet-tile-pane img')).toEqual(expect.arrayContaining(pictured));

  // Into the clusters (by keyboard, as Leaflet's markers are buttons: a cluster near the frame's
  // edge may be half outside it) until a pin of its own shows.
  for (let step = 0; (await single.count()) === 0; step++) {
    expect(step, 'a pin shows within a few clusters').toBeLessThan(8);
    const cluster = await clusters.first().elementHandle();
    await cluster!.focus();
    await page.keyboard.press('Enter');
    // The cluster opened when the map has zoomed and drawn what it held in its place.
    await expect.poll(() => cluster!.evaluate((el) => el.isConnected)).toBe(false);
  }

  const title = (await single.first().getAttribute('title')) ?? '';
  const pin = pins.find((p) => `${p.typeName} Liberally ${p.displayTitle}` === title);
  expect(pin, `the pin "${title}" is one of the map's`).toBeDefined();
  const chapterAnswer = await page.request.get(`/api/chapter/id/${pin!.id}`);
  expect(chapterAnswer.ok()).toBe(true);
  const chapter = (await chapterAnswer.json()) as ChapterAnswer;
  const [next] = chapter.upcoming;
  const event = chapter.chapter_events.find((e) => e.id === next?.eventId);
  // The home map's pins are chapters with a coming meeting.
  expect(event).toBeDefined();

  const asked = page.waitForRequest((r) => r.url().endsWith(`/api/chapter/id/${pin!.id}`));
  await single.first().focus();
  await page.keyboard.press('Enter');
  await asked;
  const popup = page.locator('.leaflet-popup');
  const link = popup.getByRole('link', { name: title, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute(
    'href',
    `${baseURL}/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`,
  );
  await expect(link).toHaveAttribute('target', '_blank');
  // "Next: Tue, Dec 1 · 7:00pm at The Dead Poet": the day of the month is the meeting's.
  const day = Number(next!.date.slice(8, 10));
  await expect(popup).toContainText(
    new RegExp(`Next: \\w{3}, \\w{3} ${day} · \\d{1,2}:\\d{2}(am|pm) at ${escaped(event!.name)}`),
  );
  await evidence(page, 'embed-map-network-390');
});
