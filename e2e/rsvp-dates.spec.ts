// Dates that change (issue 33 item 5) in a real browser at a phone's and a desktop's width: a
// host skips a date that people said they are going to, and moves another. The skipped date
// takes no more RSVPs and says the meeting is off, while its RSVP is still recorded (its page
// says so); the moved date keeps its RSVP, and the RSVP's page and the event page show the new
// day. Then (issue 33 item 1) the signed-in user brings a guest after all. The dates are ones
// the event page lists, so the test holds on any day; the host puts them back at the end.
import type { Page } from '@playwright/test';
import { register } from './accounts';
import { evidence } from './evidence';
import { appDrawn, expect, expectAccessible, test, type Outbox } from './harness';
import { ROLE_ID, grantRole } from './roles';

const PORTLAND_CHAPTER = 'drinking-liberally-portland';
const KENNEDY = 'portland-kennedy-school';
const EVENT_PAGE = `/chapter/or/${PORTLAND_CHAPTER}/events/${KENNEDY}`;
const LINK = /https?:\/\/[^\s"<>]+(\/rsvp\/[A-Za-z0-9_-]{43})/;

/** 'Thu, Dec 24, 2026', as the pages write a date. */
const dateText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const dayAfter = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The path of the RSVP page in the mail to `email` whose subject names `date`. */
async function goingLink(outbox: Outbox, email: string, date: string): Promise<string> {
  const subject = `You're going: McMenamins Kennedy School, ${dateText(date)}`;
  let text = '';
  await expect
    .poll(
      () => {
        text =
          outbox
            .all()
            .filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject)
            .at(-1)?.text ?? '';
        return text !== '';
      },
      { message: `the mail "${subject}"`, timeout: 10_000 },
    )
    .toBe(true);
  return LINK.exec(text)![1]!;
}

async function goOneClick(page: Page, date: string) {
  const line = page.locator(`.event-dates li[data-date="${date}"]`);
  await line.getByRole('button', { name: /^I’m going on / }).click();
  await expect(line.getByRole('status')).toHaveText('You’re going');
}

for (const [index, width] of [390, 1280].entries()) {
  test(`at ${width} px a skipped date closes its RSVPs and a moved one carries them to its new day`, async ({
    page,
    browser,
    baseURL,
    admin,
    outbox,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const email = `rsvp-dates-${width}-${Date.now()}@example.org`;
    await register(page, 'Sky Dates', email);
    await grantRole(browser, baseURL!, admin, email, PORTLAND_CHAPTER, ROLE_ID.chapterHost);

    await page.goto(EVENT_PAGE);
    await appDrawn(page);
    // Two dates of the list (the next meeting's card is not in it), others than the other
    // tests'.
    const scheduled = page.locator('.event-dates li[data-status="scheduled"]');
    const skipped = (await scheduled.nth(1 + index).getAttribute('data-date'))!;
    const moved = (await scheduled.nth(3).getAttribute('data-date'))!;
    const movedTo = dayAfter(moved);
    await goOneClick(page, skipped);
    await goOneClick(page, moved);
    const skippedPath = await goingLink(outbox, email, skipped);
    const movedPath = await goingLink(outbox, email, moved);

    // The host skips one date and moves the other a day later.
    const change = (date: string, data: object) =>
      page.request.put(`/api/chapter_event/slug/${KENNEDY}/dates/${date}`, { data });
    const skip = await change(skipped, { status: 'cancelled', note: 'The bar is booked.' });
    expect(skip.ok(), await skip.text()).toBe(true);
    const move = await change(moved, {
      status: 'moved',
      note: '',
      movedTo: { date: movedTo, startTime: '18:30', endTime: '20:30' },
    });
    expect(move.ok(), await move.text()).toBe(true);

    try {
      // The event page: the skipped date is off and takes no RSVP; the moved one shows its new
      // day, with the RSVP still counted there.
      await page.reload();
      await appDrawn(page);
      const off = page.locator(`.event-dates li[data-date="${skipped}"]`);
      await expect(off).toHaveAttribute('data-status', 'cancelled');
      await expect(off).toContainText('No meeting');
      await expect(off).toContainText('The bar is booked.');
      await expect(off.getByRole('button', { name: /^I’m going/ })).toHaveCount(0);
      const line = page.locator(`.event-dates li[data-date="${moved}"]`);
      await expect(line).toHaveAttribute('data-status', 'moved');
      await expect(line).toContainText(dateText(movedTo));
      await expect(line).toContainText(`Moved from ${dateText(moved)}`);
      await expect(line.locator('.rsvp-outcome')).toHaveText('You’re going');
      await expect(line.locator('.going-count')).toHaveText(/^\d+ going/);
      await expectAccessible(page);
      await evidence(page, `rsvp-dates-event-${width}`, { fullPage: true });

      // The skipped date's RSVP page: still recorded as going, and the meeting is off.
      await page.goto(skippedPath);
      await expect(page.getByRole('heading', { level: 1, name: 'Your RSVP' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('This meeting is off');
      await expect(page.locator('.rsvp-status')).toHaveText('You’re going');
      await expect(page.locator('.rsvp-counts')).toHaveText(/^\d+ going/);
      await expect(page.getByRole('button', { name: 'Add to calendar' })).toHaveCount(0);
      await expectAccessible(page);
      await evidence(page, `rsvp-dates-skipped-${width}`, { fullPage: true });

      // The moved date's RSVP page: the new day, and the person still going.
      await page.goto(movedPath);
      await expect(page.locator('.rsvp-status')).toHaveText('You’re going');
      await expect(page.getByText(`Moved from ${dateText(moved)}`)).toBeVisible();
      await expect(page.locator('p.fs-5')).toContainText(dateText(movedTo));
      await expectAccessible(page);
      await evidence(page, `rsvp-dates-moved-${width}`, { fullPage: true });

      // On the event page, the member who went in one click brings a guest after all.
      await page.goto(EVENT_PAGE);
      await appDrawn(page);
      await line.getByRole('button', { name: /^Change guests/ }).click();
      await line.getByRole('combobox', { name: /^Guests you are bringing/ }).selectOption('1');
      await expectAccessible(page);
      await evidence(page, `rsvp-change-guests-${width}`, { fullPage: true });
      await line.getByRole('button', { name: 'Save guests' }).click();
      await expect(line.locator('.rsvp-guests')).toContainText('You and 1 guest');
      await expect(line.locator('.rsvp-outcome')).toHaveText('You’re going');
      await page.goto('/my_chapters');
      const mine = page.getByRole('region', { name: 'Meetings you are going to' });
      await expect(mine.getByRole('listitem').filter({ hasText: dateText(movedTo) })).toContainText(
        'You and 1 guest',
      );
    } finally {
      // The demo's dates as they were, for the other tests.
      for (const date of [skipped, moved]) {
        await page.request.delete(`/api/chapter_event/slug/${KENNEDY}/dates/${date}`);
      }
    }
  });
}
