// A state page leads with its chapters (issue 25, goal 5): each card with the chapter's next
// meeting, then the map, then the press, on a phone and on a desktop.
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';

interface StateChapter {
  displayTitle: string;
  nextEvent: { name: string; date: string } | null;
}

for (const width of [390, 1280]) {
  test(`a state page at ${width} px shows its chapters first, each with its next meeting`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    const res = await page.request.get('/api/chapters/state/ny');
    const chapters = (await res.json()) as StateChapter[];
    await page.goto('/chapters/ny');
    await appDrawn(page);
    const cards = page.locator('.chapter-card');
    await expect(cards).toHaveCount(chapters.length);
    for (const [i, chapter] of chapters.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(chapter.displayTitle);
      expect(chapter.nextEvent, chapter.displayTitle).not.toBeNull();
      // The tile reads as one phrase: the weekday and date of its next meeting, and its time.
      const day = new Date(`${chapter.nextEvent!.date}T00:00:00Z`);
      const long = day.toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      await expect(card.locator('.date-tile')).toContainText(long);
      await expect(card).toContainText(chapter.nextEvent!.name);
      // The type's icon and name.
      await expect(card.locator('.chapter-type-badge img')).toHaveCount(1);
    }
    await expect(page.getByText(/Last Active/)).toHaveCount(0);
    // The type chips say what they do, before the first of them, on the phone as on the desktop.
    const chips = page.getByRole('group', { name: 'Show chapter types' });
    await expect(chips).toBeVisible();
    await expect(chips).toContainText(/^Show:/);
    // Chapters, then the map, then the press, down the page. The map's box is drawn first and
    // replaced by the map once Leaflet has loaded: measured before, it may be the one leaving.
    await expect(page.locator('.chapter-map .chapter-map-canvas')).toBeVisible();
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    const chaptersTop = await top('.chapter-card');
    const mapTop = await top('.chapter-map');
    expect(chaptersTop).toBeLessThan(mapTop);
    const press = page.getByRole('heading', { name: 'New York in the Press' });
    if ((await press.count()) > 0) {
      expect(mapTop).toBeLessThan((await press.boundingBox())!.y);
    }
    // On a phone the first card is in the first screen.
    expect(chaptersTop).toBeLessThan(width < 600 ? 844 : 800);
    await expectAccessible(page);
    await evidence(page, `state-ny-${width}`, { fullPage: true });
  });
}
