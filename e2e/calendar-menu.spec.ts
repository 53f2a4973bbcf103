// "Add to calendar" as a menu (issue 25, goal 3), and the feeds a visitor subscribes to from the
// state page and the home page, on a phone and on a desktop.
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { DESKTOP, PHONE, expectAlsoAt } from './widths';

const CHAPTER_PAGE = '/chapter/dc/drinking-liberally-capitol-hill';
const EVENT_SLUG = 'capitol-hill-hawk-n-dove';
const EVENT_PAGE = `${CHAPTER_PAGE}/events/${EVENT_SLUG}`;

interface EventPageAnswer {
  name: string;
  dates: { status: string; start: string; end: string }[];
}

const googleStamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The menu's items by name, once opened from the keyboard. */
async function openMenuByKeyboard(page: Page) {
  const toggle = page.getByRole('button', { name: 'Add to calendar' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('.add-to-calendar .dropdown-menu');
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return { toggle, menu, item: (name: string | RegExp) => menu.getByRole('link', { name }) };
}

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport });

    test('an event’s menu adds its next meeting to Google or Outlook, or subscribes', async ({
      page,
      baseURL,
    }) => {
      const res = await page.request.get(`/api/chapter_event/slug/${EVENT_SLUG}/page`);
      const answer = (await res.json()) as EventPageAnswer;
      const next = answer.dates.find((d) => d.status !== 'cancelled')!;
      await page.goto(EVENT_PAGE);
      await appDrawn(page);
      const { toggle, menu, item } = await openMenuByKeyboard(page);
      // Each choice says what it adds (issue 35).
      await expect(menu.getByRole('link')).toHaveText([
        'Google Calendar This date',
        'Outlook.com This date',
        'Apple & others (.ics) Every Thursday',
        /^Subscribe to the chapter’s calendar Every Thursday/,
      ]);
      // Arrow keys walk the items.
      await page.keyboard.press('ArrowDown');
      await expect(item('Google Calendar')).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(item('Outlook.com')).toBeFocused();

      const site = new URL(baseURL!);
      const pageUrl = `${site.origin}${EVENT_PAGE}`;
      const google = new URL((await item('Google Calendar').getAttribute('href'))!);
      expect(google.origin).toBe('https://calendar.google.com');
      expect(google.searchParams.get('dates')).toBe(
        `${googleStamp(next.start)}/${googleStamp(next.end)}`,
      );
      expect(google.searchParams.get('text')).toBe(
        `Drinking Liberally Capitol Hill at ${answer.name}`,
      );
      expect(google.searchParams.get('location')).toContain('329 Pennsylvania Ave SE');
      expect(google.searchParams.get('details')).toContain(pageUrl);
      await expect(item('Google Calendar')).toHaveAttribute('target', '_blank');

      const outlook = new URL((await item('Outlook.com').getAttribute('href'))!);
      expect(outlook.origin).toBe('https://outlook.live.com');
      expect(outlook.searchParams.get('startdt')).toBe(next.start.replace(/\.\d{3}/, ''));
      expect(outlook.searchParams.get('enddt')).toBe(next.end.replace(/\.\d{3}/, ''));
      expect(outlook.searchParams.get('body')).toContain(pageUrl);

      const ics = await page.request.get(
        (await item('Apple & others (.ics)').getAttribute('href'))!,
      );
      expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
      expect(await ics.text()).toContain('BEGIN:VEVENT');

      await expect(item(/Subscribe/)).toHaveAttribute(
        'href',
        `webcal://${site.host}/api/chapter_calendar/drinking-liberally-capitol-hill/events.ics`,
      );
      await expectAccessible(page);
      await evidence(page, `event-menu-${viewport.width}`);
      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
    });

    test('a chapter page offers the menu for its next meeting', async ({ page, baseURL }) => {
      await page.goto(CHAPTER_PAGE);
      await appDrawn(page);
      const { item } = await openMenuByKeyboard(page);
      const google = new URL((await item('Google Calendar').getAttribute('href'))!);
      expect(google.searchParams.get('text')).toMatch(/^Drinking Liberally Capitol Hill at /);
      expect(google.searchParams.get('details')).toContain(
        `${new URL(baseURL!).origin}${CHAPTER_PAGE}/events/`,
      );
      await expect(item(/Subscribe/)).toHaveAttribute('href', /^webcal:\/\/.+\/events\.ics$/);
      await expectAccessible(page);
    });
  });
}

// A feed's address and content are the same at any width: on a phone, the link checked at a
// desktop's width too (e2e/widths.ts).
test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('a state page subscribes to the feed of its active chapters', async ({ page }) => {
    await page.goto('/chapters/ny');
    await appDrawn(page);
    const link = page.getByRole('link', { name: 'Subscribe to New York’s calendar' });
    await expect(link).toHaveAttribute(
      'href',
      /^webcal:\/\/[^/]+\/api\/chapter_calendar\/state\/ny\/events\.ics$/,
    );
    const feed = await page.request.get(
      (await link.getAttribute('href'))!.replace(/^webcal:\/\/[^/]+/, ''),
    );
    const root = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
    const summaries = root
      .getAllSubcomponents('vevent')
      .map((v) => String(v.getFirstPropertyValue('summary')));
    expect(summaries.length).toBeGreaterThan(0);
    // Each meeting is one of a chapter the page lists.
    const listed = await page.locator('.chapter-card-title a').allTextContents();
    for (const summary of summaries) {
      expect(
        listed.some((title) => summary.includes(` ${title.trim()} at `)),
        summary,
      ).toBe(true);
    }
    await expectAccessible(page);
    await expectAlsoAt(page, DESKTOP, () => expect(link).toBeVisible());
  });

  test('the home page subscribes to the network’s feed', async ({ page }) => {
    await page.goto('/');
    await appDrawn(page);
    const link = page.getByRole('link', { name: 'Subscribe to the network’s calendar' });
    await expect(link).toHaveAttribute(
      'href',
      /^webcal:\/\/[^/]+\/api\/chapter_calendar\/all\/events\.ics$/,
    );
    const feed = await page.request.get('/api/chapter_calendar/all/events.ics');
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const root = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
    expect(root.getAllSubcomponents('vevent').length).toBeGreaterThan(10);
    await expectAlsoAt(page, DESKTOP, () => expect(link).toBeVisible());
  });
});
