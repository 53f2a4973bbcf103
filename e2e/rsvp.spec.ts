// "I'm going" (issue 33) in a real browser at a phone's and a desktop's width: a visitor RSVPs,
// confirms by the emailed link and cancels from the email's link; a signed-in user goes in one
// click; the waitlist moves up when someone cancels. Dates are the ones the pages show, so the
// tests hold on any day. Pictures go to E2E_SHOTS when it is set.
import type { Browser, Locator, Page } from '@playwright/test';
import { register } from './accounts';
import { evidence } from './evidence';
import { appDrawn, expect, expectAccessible, test, type Outbox } from './harness';
import { ROLE_ID, grantRole } from './roles';

const SEATTLE = '/chapter/wa/reading-liberally-seattle/events/seattle-elliott-bay';
const PORTLAND_CHAPTER = 'drinking-liberally-portland';
const PORTLAND = `/chapter/or/${PORTLAND_CHAPTER}`;
const KENNEDY = 'portland-kennedy-school';
const LINK = /https?:\/\/[^\s"<>]+(\/rsvp\/[A-Za-z0-9_-]{43})/;

const shot = (page: Page, name: string) => evidence(page, name, { fullPage: true });

/** The path of the RSVP page in the newest mail to `email` whose subject matches. */
async function rsvpLink(outbox: Outbox, email: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const mail = outbox
          .all()
          .filter((m) => m.to.includes(email.toLowerCase()) && subject.test(m.subject))
          .at(-1);
        text = mail?.text ?? '';
        return text !== '';
      },
      { message: `a mail to ${email} about ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  const path = LINK.exec(text)?.[1];
  expect(path, 'a link to the RSVP page in the mail').toBeTruthy();
  return path!;
}

/** The next meeting's card on an event page, where its "I'm going" is. */
const nextCard = (page: Page): Locator =>
  page.getByRole('region', { name: 'When' }).locator('.meeting-card').first();

async function phoneOrDesktop(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
}

for (const width of [390, 1280]) {
  test(`at ${width} px a visitor RSVPs, confirms by the emailed link, and cancels from the next email`, async ({
    page,
    outbox,
  }) => {
    await phoneOrDesktop(page, width);
    await page.goto(SEATTLE);
    await appDrawn(page);
    const email = `rsvp-visitor-${width}-${Date.now()}@example.org`;
    const card = nextCard(page);
    await card.getByRole('button', { name: /^I’m going on / }).click();
    const dialog = page.getByRole('dialog', { name: /^I’m going on / });
    await dialog.getByLabel('Your name').fill('Robin Visitor');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Guests you are bringing').selectOption('1');
    await expect(
      dialog.getByRole('checkbox', { name: /^Also join .*’s mailing list$/ }),
    ).not.toBeChecked();
    await expectAccessible(page);
    await shot(page, `rsvp-form-${width}`);
    await dialog.getByRole('button', { name: 'I’m going' }).click();
    await expect(card.getByRole('status')).toContainText('Check your email to confirm');
    await expect(card.getByRole('status')).toContainText(email);
    await shot(page, `rsvp-sent-${width}`);

    // The link opens the RSVP's page; only its button confirms.
    const confirmPath = await rsvpLink(outbox, email, /^Please confirm your RSVP: /);
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Your RSVP' })).toBeVisible();
    await expect(page.getByText('Not confirmed yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `rsvp-page-unconfirmed-${width}`);
    await page.getByRole('button', { name: 'Confirm: I’m going' }).click();
    await expect(page.locator('.rsvp-status')).toHaveText('You’re going');

    // Counted: the event page shows people going (the visitor and a guest at least).
    await page.goto(SEATTLE);
    await expect(nextCard(page).locator('.going-count')).toHaveText(/^([2-9]|\d{2,}) going/);

    // The "you're going" mail carries the page again: cancel there.
    const goingPath = await rsvpLink(outbox, email, /^You're going: /);
    await page.goto(goingPath);
    await expect(page.locator('.rsvp-status')).toHaveText('You’re going');
    await page.getByRole('button', { name: 'Cancel my RSVP' }).click();
    await expect(page.locator('.rsvp-status')).toHaveText('You cancelled this RSVP');
    await expect(page.getByRole('button', { name: 'Cancel my RSVP' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `rsvp-page-cancelled-${width}`);
  });

  test(`at ${width} px a signed-in user goes in one click, as their account`, async ({ page }) => {
    await phoneOrDesktop(page, width);
    const email = `rsvp-member-${width}-${Date.now()}@example.org`;
    await register(page, 'Morgan Member', email);
    await page.goto(SEATTLE);
    await appDrawn(page);
    // A later date of the list, to leave the card's for the visitors.
    const line = page.locator('.event-dates li[data-status="scheduled"]').nth(1);
    await line.getByRole('button', { name: /^I’m going on / }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(line.getByRole('status')).toHaveText('You’re going');
    await expect(line.locator('.going-count')).toHaveText(/^\d+ going/);
    await expectAccessible(page);
    await shot(page, `rsvp-one-click-${width}`);
  });
}

/** A new account, signed in in a context of its own. */
async function member(browser: Browser, baseURL: string, name: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await register(page, name, email);
  return page;
}

test('the waitlist moves up when someone going cancels, and the one waiting is told', async ({
  page,
  browser,
  baseURL,
  admin,
  outbox,
}) => {
  test.setTimeout(90_000);
  await phoneOrDesktop(page, 1280);
  const stamp = Date.now();
  const hostEmail = `rsvp-host-${stamp}@example.org`;
  await register(page, 'Harper Host', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, PORTLAND_CHAPTER, ROLE_ID.chapterHost);

  // The host caps the event at one person, guests included.
  await page.goto(`${PORTLAND}/admin/events/edit/${KENNEDY}`);
  await page.getByLabel('Capacity').fill('1');
  await page.getByLabel('Guests per RSVP').selectOption('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${PORTLAND}/admin/events$`));

  // The host takes the one place; another member joins the waitlist.
  const eventPage = `${PORTLAND}/events/${KENNEDY}`;
  await page.goto(eventPage);
  await nextCard(page)
    .getByRole('button', { name: /^I’m going on / })
    .click();
  await expect(nextCard(page).getByRole('status')).toHaveText('You’re going');
  await expect(nextCard(page).locator('.going-count')).toHaveText('1 going · full, waitlist open');

  const waiterEmail = `rsvp-waiter-${stamp}@example.org`;
  const waiter = await member(browser, baseURL!, 'Wren Waiter', waiterEmail);
  await phoneOrDesktop(waiter, 390);
  await waiter.goto(eventPage);
  await nextCard(waiter)
    .getByRole('button', { name: /^I’m going on / })
    .click();
  await expect(nextCard(waiter).getByRole('status')).toHaveText('You’re on the waitlist, number 1');
  await shot(waiter, 'rsvp-waitlisted-390');

  // The host cancels from their mail; the waiter moves up and is mailed.
  await page.goto(await rsvpLink(outbox, hostEmail, /^You're going: /));
  await page.getByRole('button', { name: 'Cancel my RSVP' }).click();
  await expect(page.locator('.rsvp-status')).toHaveText('You cancelled this RSVP');
  await waiter.goto(await rsvpLink(outbox, waiterEmail, /^A place opened up: /));
  await expect(waiter.locator('.rsvp-status')).toHaveText('You’re going');
  await expectAccessible(waiter);
  await waiter.context().close();

  // The cap comes off again, so the demo's other pages stay as they were.
  await page.goto(`${PORTLAND}/admin/events/edit/${KENNEDY}`);
  await page.getByLabel('Capacity').fill('');
  await page.getByLabel('Guests per RSVP').selectOption('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${PORTLAND}/admin/events$`));
});
