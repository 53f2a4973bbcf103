// A visitor signs up on a chapter page, reads the confirmation email the site sent (the mail
// catcher's copy) and opens its link: confirmed, once. On a phone, where the mail is read; the
// confirmation page is checked at a desktop's width too (the sign-up box at both widths is
// chapter-page.spec.ts's). Screenshots go to E2E_SHOTS when it is set.
import type { Page } from '@playwright/test';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { DESKTOP, PHONE, expectAlsoAt } from './widths';

const CHAPTER_PAGE = '/chapter/ny/drinking-liberally-upper-west-side';
const LINK = /https?:\/\/[^\s"<>]+\/confirm-subscription\/[A-Za-z0-9_-]{43}/;

const shot = (page: Page, name: string) => evidence(page, name, { fullPage: true });

test('a visitor signs up, confirms by the emailed link, and is told so once', async ({
  page,
  outbox,
  consoleErrors,
}) => {
  consoleErrors.allow(/404 \(Not Found\) \(.*\/api\/mailing_list\/confirm\//);
  await page.setViewportSize(PHONE);
  await page.goto(CHAPTER_PAGE);
  await appDrawn(page);
  const email = `confirm-${Date.now()}@example.org`;
  await page.getByLabel('Join the mailing list').fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Success!' });
  await expect(status).toContainText(`Check your inbox: we sent a link to confirm ${email}`);
  await shot(page, 'signup-box');

  const mail = await outbox.latestTo(email);
  expect(mail.subject).toBe('Confirm your subscription to Upper West Side');
  const link = LINK.exec(mail.text)?.[0];
  expect(link, 'a confirmation link in the message').toBeTruthy();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');
  await expect(page.getByRole('status')).toContainText(
    `Thank you! ${email} is confirmed for the Upper West Side list.`,
  );
  await expect(page.getByRole('link', { name: 'Go to Upper West Side' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'confirm-page');
  await expectAlsoAt(page, DESKTOP, () =>
    expect(page.getByRole('link', { name: 'Go to Upper West Side' })).toBeVisible(),
  );

  // Opened again: already confirmed, nothing else.
  await page.reload();
  await expect(page.getByRole('status')).toContainText(`${email} is already confirmed`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');

  // A link cut short says it is not valid and points back to the chapters.
  await page.goto(`${new URL(link!).pathname.slice(0, -5)}abcde`);
  await expect(page.getByText('This confirmation link is not valid.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmation link not valid');
  await shot(page, 'confirm-invalid');
});
