// A new chapter's way to going live (issue 35, item 6): the host of a chapter an admin has just
// made (hidden) finds a setup checklist on the dashboard, each step linking to where it is done
// and ticked once done; the admin sees the same list and, once the host's part is done, Make
// active, after which the chapter's page is there for every visitor and its host is told.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { register } from './accounts';
import { evidence } from './evidence';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { ROLE_ID, grantRole } from './roles';
import { CHAPTER_STATUS } from '../src/common/constants';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

type Admin = { email: string; password: string };
interface NewChapter {
  id: number;
  slug: string;
  title: string;
}

/** A browser context signed in as the demo admin (its pages share the session). */
async function adminContext(browser: Browser, baseURL: string, admin: Admin) {
  const context = await browser.newContext({ baseURL });
  const signin = await context.request.post('/api/auth/signin', {
    data: { username: admin.email, password: admin.password },
  });
  expect(signin.ok(), await signin.text()).toBe(true);
  return context;
}

/** What Add Chapter does: a hidden chapter, with no about text, image, event or list. */
async function addChapter(context: BrowserContext, title: string): Promise<NewChapter> {
  const res = await context.request.post('/api/chapter/new', {
    data: { title, city: 'Akron', state: 'OH', postalCode: '44308', country: 'US' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as NewChapter;
}

/** The host's four steps, each through the call its screen makes. */
async function doHostPart(page: Page, chapter: NewChapter) {
  const api = page.request;
  const about = await api.post('/api/chapter', {
    data: { id: chapter.id, about: '<p>Politics and a pint, every other Tuesday.</p>' },
  });
  expect(about.ok(), await about.text()).toBe(true);
  const image = await sharp({
    create: { width: 1200, height: 300, channels: 3, background: '#2a6cb5' },
  })
    .jpeg()
    .toBuffer();
  const header = await api.post(`/api/chapter/header_image/${chapter.id}`, {
    multipart: { image: { name: 'header.jpg', mimeType: 'image/jpeg', buffer: image } },
  });
  expect(header.ok(), await header.text()).toBe(true);
  const event = await api.post('/api/chapter_event', {
    data: {
      chapterId: chapter.id,
      name: 'The Lockview',
      description: '',
      address1: '207 S Main St',
      address2: '',
      city: 'Akron',
      state: 'OH',
      postalCode: '44308',
      country: 'US',
      startTime: '19:00',
      endTime: '21:00',
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '1,3',
    },
  });
  expect(event.ok(), await event.text()).toBe(true);
  const list = await api.post(`/api/mailing_list/chapter/${chapter.id}/list`, { data: {} });
  expect(list.ok(), await list.text()).toBe(true);
  const { listId } = (await list.json()) as { listId: string };
  const added = await api.post('/api/mailing_list/sign_up_many', {
    data: { listId, emails: `friend-${chapter.id}@example.org` },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

const checklist = (page: Page) => page.getByTestId('setup');
const step = (page: Page, key: string) => checklist(page).locator(`[data-step="${key}"]`);

test('a new chapter’s host sets it up from the checklist, and the admin makes it active', async ({
  page,
  browser,
  baseURL,
  admin,
  outbox,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const adminSide = await adminContext(browser, baseURL!, admin);
  let made: NewChapter | null = null;
  try {
    const chapter = await addChapter(adminSide, `Go Live ${stamp}`);
    made = chapter;
    const dashboard = `/chapter/oh/${chapter.slug}/admin`;
    const hostEmail = `go-live-host-${stamp}@example.org`;
    await register(page, 'Gail Golive', hostEmail);
    await grantRole(browser, baseURL!, admin, hostEmail, chapter.slug, ROLE_ID.chapterHost);

    // The host, first: hidden, four steps to do, each with where to do it; no Make active.
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.goto(dashboard);
      await expect(
        checklist(page).getByRole('heading', { name: 'Getting ready to go live' }),
      ).toBeVisible();
      await expect(step(page, 'about')).toContainText('About text (to do)');
      await expect(step(page, 'headerImage')).toContainText('A header image (to do)');
      await expect(step(page, 'firstEvent')).toContainText('The first event (to do)');
      await expect(step(page, 'mailingList')).toContainText('The mailing list (to do)');
      // Add Chapter gives the chapter its address; making it active is left to its field
      // organizer or an admin.
      await expect(step(page, 'emailAlias')).toContainText('(done)');
      await expect(step(page, 'active')).toContainText(
        'Made active (a field organizer’s or admin’s step)',
      );
      await expect(
        step(page, 'firstEvent').getByRole('link', { name: 'Add an event' }),
      ).toHaveAttribute('href', `${dashboard}/events/add`);
      // The members figure agrees with the page's sign-up form: no list is no member yet.
      await expect(page.getByTestId('chapter-figures')).toContainText('No members yet');
      await expect(page.getByText(/No mailing list/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Make active' })).toHaveCount(0);
      await expectAccessible(page);
      await evidence(page, `go-live-host-start-${size.width}`, { fullPage: true });
    }

    await doHostPart(page, chapter);
    await page.reload();
    for (const key of ['about', 'headerImage', 'firstEvent', 'mailingList']) {
      await expect(step(page, key)).toContainText('(done)');
    }
    await expect(page.getByRole('button', { name: 'Make active' })).toHaveCount(0);
    await evidence(page, 'go-live-host-done-1280', { fullPage: true });

    // The admin: the same list, and Make active.
    const adminPage = await adminSide.newPage();
    for (const size of WIDTHS) {
      await adminPage.setViewportSize(size);
      await adminPage.goto(dashboard);
      await expect(step(adminPage, 'mailingList')).toContainText('The mailing list (done)');
      await expect(step(adminPage, 'active')).toContainText(
        'Made active (a field organizer’s or admin’s step)',
      );
      await expect(adminPage.getByRole('button', { name: 'Make active' })).toBeVisible();
      await expectAccessible(adminPage);
      await evidence(adminPage, `go-live-admin-${size.width}`, { fullPage: true });
    }
    await adminPage.getByRole('button', { name: 'Make active' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Make Go Live ${stamp} active?` });
    // Checked once it has faded in: half-way, its text is too faint for axe.
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(adminPage);
    await evidence(adminPage, 'go-live-admin-confirm-1280');
    await dialog.getByRole('button', { name: 'Make active' }).click();
    await expect(adminPage.getByText('Chapter is live')).toBeVisible();
    // Active: the checklist has done its work.
    await expect(checklist(adminPage)).toHaveCount(0);
    await evidence(adminPage, 'go-live-admin-after-1280', { fullPage: true });

    const live = await outbox.latestTo(hostEmail);
    expect(live.subject).toBe(`Go Live ${stamp} is live`);

    // A visitor now finds the page.
    const visitor = await browser.newContext({ baseURL });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.setViewportSize(WIDTHS[0]!);
      const res = await visitorPage.goto(`/chapter/oh/${chapter.slug}`);
      expect(res?.status()).toBe(200);
      await appDrawn(visitorPage);
      await expect(
        visitorPage.getByRole('heading', { level: 1, name: `Go Live ${stamp}` }),
      ).toBeVisible();
      await expect(visitorPage.getByText('This Chapter is not active.')).toHaveCount(0);
      await expect(visitorPage.getByText('Politics and a pint')).toBeVisible();
      await expectAccessible(visitorPage);
      await evidence(visitorPage, 'go-live-visitor-390', { fullPage: true });
    } finally {
      await visitor.close();
    }
  } finally {
    // Hidden again, so the tests after this one meet the demo network as it was seeded (an
    // active chapter in Akron would be the nearest to every search around Ohio).
    if (made) {
      const hidden = await adminSide.request.post('/api/chapter', {
        data: { id: made.id, status: CHAPTER_STATUS.hidden },
      });
      expect(hidden.ok(), await hidden.text()).toBe(true);
    }
    await adminSide.close();
  }
});
