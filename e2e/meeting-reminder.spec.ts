// The meeting reminder that goes by itself (issue 34), from the host's settings to the count on
// the event page, the host at a desktop's width and the member on a phone: the host sets the
// list's reminder on Chapter Settings and previews it; a member is on the list; the chapter has a
// meeting tomorrow, whose reminder is due already (a day before, at midnight), so adding the
// meeting wakes the schedule and the reminder goes at once. The mail catcher gets it; its "I'm
// going" opens /going/{token}, whose button counts the member, and the event page shows one going.
// Nothing waits a fixed time: each step waits for what it needs (the mail, the count).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { register } from './accounts';
import { evidence } from './evidence';
import { appDrawn, expect, expectAccessible, test, type Outbox } from './harness';
import { addChapterMembers } from './memberLists';
import { ROLE_ID, grantRole } from './roles';
import { DESKTOP, PHONE, expectAlsoAt } from './widths';

// A chapter no other browser test changes.
const SLUG = 'dining-liberally-toronto';
const CHAPTER = `/chapter/int/${SLUG}`;
const GOING = /https?:\/\/[^\s"<>]+(\/going\/[A-Za-z0-9_-]+)/;

/** The local date a day after now in `timeZone`, 'YYYY-MM-DD'. */
function tomorrowIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The path of the "I'm going" page in the reminder to `email` whose subject starts so. */
async function reminderLink(outbox: Outbox, email: string, subject: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        text =
          outbox
            .all()
            .filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith(subject))
            .at(-1)?.text ?? '';
        return text !== '';
      },
      // The schedule, the send queuer and the worker in turn, on a slow machine.
      { message: `the reminder "${subject}" to ${email}`, timeout: 45_000 },
    )
    .toBe(true);
  const path = GOING.exec(text)?.[1];
  expect(path, "an I'm going link in the reminder").toBeTruthy();
  return path!;
}

/** axe with the preview's sandboxed frame left out (no script may run in it, axe's included). */
async function expectAccessibleAroundPreview(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('.email-preview-frame').analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, 'serious or critical accessibility violations').toEqual([]);
}

// Once: whether the reminder goes and counts does not depend on the width. The host works at a
// desktop's width and the member reads the mail on a phone; each screen is checked at the other
// width as well (e2e/widths.ts).
test(`the list's reminder goes by itself and its "I'm going" counts on the event page`, async ({
  page,
  browser,
  baseURL,
  admin,
  outbox,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(DESKTOP);
  const stamp = `${Date.now()}`;
  const hostEmail = `reminder-host-${stamp}@example.org`;
  const memberEmail = `reminder-member-${stamp}@example.org`;
  await register(page, 'Rita Reminder', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, SLUG, ROLE_ID.chapterHost);

  // The host: the list's reminder a day before, at midnight (so tomorrow's is due already).
  await page.goto(`${CHAPTER}/admin/settings`);
  const days = page.getByLabel('Days before (0 = no reminder)');
  // The first screen of a fresh session on a busy machine: the sign-in check, then the chapter.
  await expect(days).toBeEnabled({ timeout: 30_000 });
  await days.fill('1');
  await page.getByLabel(/^At \(/).selectOption({ label: '12:00 AM' });
  await page.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expectAccessible(page);
  await evidence(page.locator('form[aria-labelledby="reminders-title"]'), 'reminder-settings');
  await expectAlsoAt(page, PHONE, () => expect(days).toHaveValue('1'));

  // The preview: the server's rendering of a member's copy of the next meeting's reminder.
  await page.getByRole('button', { name: 'Preview the reminder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview' });
  await expect(dialog.getByText(/^Reminder: /)).toBeVisible();
  const frame = dialog.frameLocator('iframe.email-preview-frame');
  await expect(frame.getByRole('link', { name: "I'm going" })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
  // Its "I'm going" carries no member's token but the preview's, whose page says it came from
  // a preview rather than that the link is not valid (the page: GoingScreen's screen tests).
  await expect(frame.getByRole('link', { name: "I'm going" })).toHaveAttribute(
    'href',
    /\/going\/preview$/,
  );
  await expectAccessibleAroundPreview(page);
  await evidence(page, 'reminder-settings-preview');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // A member on the list, then a meeting tomorrow (in the chapter's zone), late enough to be
  // more than 12 hours away whenever the test runs.
  const chapter = await addChapterMembers(page, SLUG, [memberEmail]);
  const { timeZone } = (await (await page.request.get(`/api/chapter/slug/${SLUG}`)).json()) as {
    timeZone: string;
  };
  const tomorrow = tomorrowIn(timeZone);
  const name = `Reminder Supper ${stamp}`;
  const saved = await page.request.post('/api/chapter_event', {
    data: {
      chapterId: chapter.id,
      name,
      address1: '249 Victoria St',
      city: 'Toronto',
      state: 'INT',
      postalCode: 'M5B 1T8',
      country: 'CA',
      startTime: '22:30',
      endTime: '23:30',
      isSingleDate: true,
      singleDate: tomorrow,
      dayOfWeekIndex: 0,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { slug } = (await saved.json()) as { slug: string };
  const eventPage = `${CHAPTER}/events/${slug}`;
  try {
    const goingPath = await reminderLink(outbox, memberEmail, `Reminder: ${name}, `);

    // Nobody going yet. (Asked of the date's count: the event page's own answer is kept for
    // the public cache's time, so it is first drawn after the member's answer below.)
    const count = async () =>
      (
        (await (
          await page.request.get(`/api/chapter_event/slug/${slug}/dates/${tomorrow}/rsvp`)
        ).json()) as { going: number }
      ).going;
    expect(await count()).toBe(0);

    // The member, in a browser of their own, from the email: the page shows the meeting and
    // records nothing until its button.
    const member = await browser.newContext({
      baseURL,
      viewport: PHONE,
    });
    try {
      const mine = await member.newPage();
      await mine.goto(goingPath);
      await expect(mine.getByRole('heading', { level: 1, name: 'Are you going?' })).toBeVisible();
      await expect(mine.getByRole('link', { name })).toBeVisible();
      // A place abroad is written without the directory's 'INT'.
      await expect(mine.locator('address')).toHaveText(`${name}, 249 Victoria St, Toronto`);
      await expectAccessible(mine);
      await evidence(mine, 'reminder-going-page', { fullPage: true });
      await expectAlsoAt(mine, DESKTOP);
      await mine.getByRole('button', { name: 'I’m going' }).click();
      await expect(mine.getByRole('button', { name: 'I’m not going after all' })).toBeVisible();
      await expectAccessible(mine);
      expect(await count()).toBe(1);

      // Counted on the event page.
      await mine.goto(eventPage);
      await appDrawn(mine);
      const going = mine.getByRole('region', { name: 'When' }).locator('.going-count').first();
      await expect(going).toHaveText(/^1 going/);
      await expectAccessible(mine);
      await evidence(mine, 'reminder-event-counted', { fullPage: true });
      await expectAlsoAt(mine, DESKTOP, () => expect(going).toHaveText(/^1 going/));
    } finally {
      await member.close();
    }
  } finally {
    await page.request.delete(`/api/chapter_event/slug/${slug}`);
  }
});
