// Issue 35, items 9 and 10: the chapter page says where it is, has the event page's breadcrumb,
// lists each coming date once and puts its host before its posts on a phone; the event page is
// titled with the chapter and the place and carries the join box and the host; the calendar
// menu says what each choice adds; a search far from every chapter says so and offers to start
// one there.
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';

const CHAPTER_PAGE = '/chapter/ny/drinking-liberally-upper-west-side';
const EVENT_PAGE = `${CHAPTER_PAGE}/events/upper-west-side-dead-poet`;
const EVENT_TITLE = 'Drinking Liberally Upper West Side at The Dead Poet';

interface ChapterAnswer {
  upcoming: { date: string }[];
  permissions: { roleId: number; user: { name: string } }[];
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 } });

    test('the chapter page says where it is, and lists each coming date once', async ({ page }) => {
      const chapter = (await (
        await page.request.get('/api/chapter/slug/drinking-liberally-upper-west-side')
      ).json()) as ChapterAnswer;
      await page.goto(CHAPTER_PAGE);
      await appDrawn(page);
      const title = page.getByRole('heading', { level: 1, name: 'Upper West Side' });
      const place = page.locator('.chapter-place');
      await expect(place).toHaveText('New York, NY');
      expect((await place.boundingBox())!.y).toBeGreaterThan((await title.boundingBox())!.y);
      // The event page's trail: the state, then the chapter itself.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link', { name: 'New York' })).toHaveAttribute(
        'href',
        '/chapters/ny',
      );
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Upper West Side');

      // Each coming date once, in one section of meetings.
      const meetings = page.getByRole('region', { name: 'Meetings' });
      const tiles = meetings.locator('.date-tile');
      await expect(tiles).toHaveCount(chapter.upcoming.length);
      const days = await tiles.locator('.date-tile-day').allTextContents();
      const months = await tiles.locator('.date-tile-month').allTextContents();
      const shown = days.map((d, i) => `${months[i]} ${d}`);
      expect(new Set(shown).size).toBe(chapter.upcoming.length);
      await expect(page.getByRole('region', { name: 'Events', exact: true })).toHaveCount(0);
      // How often the one event meets, once, and its name on the next meeting's card only.
      await expect(meetings.getByText('Every Tuesday, 7:00–9:00pm')).toHaveCount(1);
      await expect(meetings.locator('.upcoming-dates .meeting-card-name')).toHaveCount(0);

      const host = chapter.permissions.find((p) => p.roleId === 3)!.user.name;
      const hosts = page.getByRole('region', { name: 'Host' });
      await expect(hosts).toContainText(host);
      const hostBox = (await hosts.boundingBox())!;
      const posts = (await page
        .getByRole('heading', { name: 'Posts', exact: true })
        .boundingBox())!;
      if (width < 600) {
        // On a phone the host card comes before the posts.
        expect(hostBox.y).toBeLessThan(posts.y);
      } else {
        // On a wide screen it is in the side column, under the sign-up.
        const signup = (await page.locator('.chapter-layout-signup').boundingBox())!;
        expect(hostBox.x).toBeGreaterThan(posts.x + 300);
        expect(hostBox.y).toBeGreaterThan(signup.y);
      }
      await expectAccessible(page);
      await evidence(page, `chapter-page-${width}`, { fullPage: true });
    });

    test('the event page names the chapter and the place, and has its join box and host', async ({
      page,
    }) => {
      await page.goto(EVENT_PAGE);
      await appDrawn(page);
      await expect(page.getByRole('heading', { level: 1, name: EVENT_TITLE })).toBeVisible();
      await expect(page).toHaveTitle(`${EVENT_TITLE} | Living Liberally`);
      const html = await (await page.request.get(EVENT_PAGE)).text();
      expect(html).toContain(
        `<meta property="og:title" content="${EVENT_TITLE} | Living Liberally"`,
      );

      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(crumbs.getByRole('link', { name: 'Upper West Side' })).toHaveAttribute(
        'href',
        CHAPTER_PAGE,
      );
      await expect(page.getByLabel('Join the mailing list')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Host' })).toContainText('Rachel Goldberg');
      // The RSVP pieces stay where they were.
      await expect(page.getByRole('button', { name: /^I’m going on / }).first()).toBeVisible();

      // Each choice of the calendar menu says what it adds.
      await page.getByRole('button', { name: 'Add to calendar' }).click();
      const menu = page.locator('.add-to-calendar .dropdown-menu');
      await expect(menu.getByRole('link')).toHaveText([
        'Google Calendar This date',
        'Outlook.com This date',
        'Apple & others (.ics) Every Tuesday',
        'Subscribe to the chapter’s calendar Every Tuesday',
      ]);
      await expectAccessible(page);
      await evidence(page, `event-page-${width}`, { fullPage: true });
    });

    test('a search far from every chapter says so and offers to start one there', async ({
      page,
      admin,
    }) => {
      const signin = await page.request.post('/api/auth/signin', {
        data: { username: admin.email, password: admin.password },
      });
      expect(signin.ok()).toBe(true);
      await page.goto('/');
      await appDrawn(page);
      await page.getByLabel('Find chapters near').fill('Anchorage, AK');
      await page.getByLabel('Find chapters near').press('Enter');
      const nearest = page.getByRole('region', { name: 'Chapters nearest Anchorage, AK' });
      const far = nearest.getByText(/^The nearest chapter is/);
      await expect(far).toHaveText(
        /^The nearest chapter is [\d,]+ mi \([\d,]+ km\) from Anchorage, AK\.$/,
      );
      // Above the list.
      const list = nearest.getByRole('list');
      expect((await far.boundingBox())!.y).toBeLessThan((await list.boundingBox())!.y);
      await expectAccessible(page);
      await evidence(page, `far-search-${width}`, { fullPage: true });

      await nearest.getByRole('link', { name: 'Start a chapter in Anchorage' }).click();
      await expect(page).toHaveURL(/\/start_chapter\?city=Anchorage&state=AK$/);
      await expect(page.getByLabel('City')).toHaveValue('Anchorage');
      await expect(page.getByLabel('State')).toHaveValue('AK');
      await expectAccessible(page);
    });

    test('the application fills in only a place that passes its checks', async ({
      page,
      admin,
    }) => {
      await page.request.post('/api/auth/signin', {
        data: { username: admin.email, password: admin.password },
      });
      await page.goto('/start_chapter?city=Anchorage&state=ZZ');
      await expect(page.getByLabel('City')).toHaveValue('Anchorage');
      await expect(page.getByLabel('State')).toHaveValue('');
    });
  });
}
