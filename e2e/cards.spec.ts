// Meetings as cards wherever they are shown (issue 25, goal 2): a date tile in the chapter's
// zone, the place, the type's icon and colour, and on a chapter page its hosts' initials and
// how many are on its list.
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';

const CHAPTER = 'drinking-liberally-capitol-hill';
const CHAPTER_PAGE = `/chapter/dc/${CHAPTER}`;

interface ChapterAnswer {
  timeZone: string;
  upcoming: { date: string; start: string }[];
  permissions: { roleId: number; user: { name: string } }[];
  memberCount: number | null;
}

const initials = (name: string) => {
  const words = name.trim().split(/\s+/);
  return (words[0]![0]! + (words.length > 1 ? words.at(-1)![0]! : '')).toUpperCase();
};

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    test('a chapter page shows its meetings as date tiles, its hosts as faces and its members', async ({
      page,
    }) => {
      const chapter = (await (
        await page.request.get(`/api/chapter/slug/${CHAPTER}`)
      ).json()) as ChapterAnswer;
      await page.goto(CHAPTER_PAGE);
      await appDrawn(page);
      const tiles = page.locator('#next-event-title ~ * .date-tile, .upcoming-dates .date-tile');
      await expect(tiles).toHaveCount(chapter.upcoming.length);
      // The first tile: month, day and weekday of the next meeting, and its time in the
      // chapter's zone with the zone's name.
      const next = new Date(`${chapter.upcoming[0]!.date}T00:00:00Z`);
      const month = next.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
      const first = tiles.first();
      await expect(first.locator('.date-tile-month')).toHaveText(month);
      await expect(first.locator('.date-tile-day')).toHaveText(String(next.getUTCDate()));
      await expect(first.locator('.date-tile-time')).toHaveText(/^\d{1,2}:\d{2}[ap]m E[SD]T$/);
      await expect(page.locator('.meeting-card-place').first()).toContainText('Washington, DC');
      await expect(page.locator('.chapter-type-badge').first()).toContainText('Drinking Liberally');
      const hosts = chapter.permissions.filter((p) => p.roleId === 3).map((p) => p.user.name);
      expect(hosts.length).toBeGreaterThan(0);
      await expect(page.locator('.host-face')).toHaveText(hosts.map(initials));
      // The active members of its list (the seed's four, or more), under the sign-up, drawn
      // the same by the server and by the app.
      expect(chapter.memberCount).toBeGreaterThanOrEqual(4);
      const members = `${chapter.memberCount!.toLocaleString('en-US')} members`;
      const signup = page.locator('.chapter-layout-signup');
      await expect(signup).toContainText('Join the mailing list');
      await expect(signup.getByText(members, { exact: true })).toBeVisible();
      expect(await (await page.request.get(CHAPTER_PAGE)).text()).toContain(`>${members}</p>`);
      await expectAccessible(page);
      await evidence(page, `chapter-${width}`, { fullPage: true });
    });

    test('an event page leads with its next meeting’s tile', async ({ page }) => {
      await page.goto(`${CHAPTER_PAGE}/events/capitol-hill-hawk-n-dove`);
      await appDrawn(page);
      const card = page.locator('.meeting-card').first();
      await expect(card.locator('.date-tile')).toBeVisible();
      await expect(card).toContainText("Hawk 'n' Dove");
      await expect(card).toContainText('329 Pennsylvania Ave SE');
      await expectAccessible(page);
      await evidence(page, `event-${width}`, { fullPage: true });
    });
  });
}
