// Site admin: the chapter email queue card on the dashboard (issue 22): the site's own answer,
// then each state the card can be in (loading, nothing waiting, a queue with failures, an
// error), the last three answered by the test so that each can be seen at any time.
import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { expectFitsPhone, openAdmin, useAdminSession } from './admin-session';

useAdminSession('admin-email-queue');

const QUEUE = '**/api/admin/email_queue';
const busy = {
  waiting: 1240,
  sending: 8,
  failedLastDay: 2,
  oldestWaitingSeconds: 2 * 3600 + 300,
  siteMail: { waiting: 3, failedLastDay: 1 },
  lastErrors: [
    {
      recipient: 'someone.with.a.long.address@example.org',
      subject: 'Drinking Liberally this Thursday: the new bar on 5th Street',
      error: '550 5.1.1 <someone.with.a.long.address@example.org>: Recipient address rejected',
      queuedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    },
    {
      recipient: 'full@example.org',
      subject: 'Reading Liberally book club',
      error: '552 Mailbox full',
      queuedAt: new Date(Date.now() - 5 * 3600_000).toISOString(),
    },
  ],
};

const card = (page: Page) => page.getByRole('region', { name: 'Chapter email queue' });
const answer =
  (body: unknown, status = 200) =>
  (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test('the dashboard shows the chapter email queue as the site answers it', async ({ page }) => {
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/admin/email_queue'));
  await openAdmin(page, '/admin', 'Admin Dashboard');
  const res = await asked;
  expect(res.status()).toBe(200);
  const queue = (await res.json()) as { waiting: number };
  await expect(card(page).getByText('Waiting', { exact: true })).toBeVisible();
  await expect(card(page).getByText('Failed in the last day', { exact: true })).toBeVisible();
  await expect(card(page).getByText(queue.waiting.toLocaleString('en-US')).first()).toBeVisible();
});

test('the queue card: loading, nothing waiting, failures and an error', async ({
  page,
  consoleErrors,
}) => {
  // The error state is made by answering 500, which the browser logs.
  consoleErrors.allow(/status of 500 .*\/api\/admin\/email_queue/);
  // Four states, two widths and two accessibility scans: more than the default 30 s on a busy
  // machine.
  test.setTimeout(120_000);
  const shot = (name: string) => evidence(card(page), `email-queue-${name}`);
  // Loading: the answer is held until the test has seen the spinner.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(QUEUE, async (route) => {
    await held;
    await answer({
      ...busy,
      waiting: 0,
      sending: 0,
      failedLastDay: 0,
      oldestWaitingSeconds: null,
      siteMail: { waiting: 0, failedLastDay: 0 },
      lastErrors: [],
    })(route);
    void page.unroute(QUEUE);
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAdmin(page, '/admin', 'Admin Dashboard');
  await expect(card(page).getByRole('status')).toHaveText('Loading the email queue...');
  release();
  await expect(card(page).getByText('Nothing waiting.')).toBeVisible();
  await expect(card(page).getByText(/oldest waiting/)).toHaveCount(0);
  await shot('empty-1280');

  await page.route(QUEUE, answer(busy));
  await page.reload();
  await expect(card(page).getByText('1,240')).toBeVisible();
  await expect(
    card(page).getByText('The oldest waiting message was sent 2 hours ago.'),
  ).toBeVisible();
  await expect(card(page).getByText(/own mail.*3 waiting.*1 not delivered/)).toBeVisible();
  const failures = card(page).getByRole('listitem');
  await expect(failures).toHaveCount(2);
  await expect(failures.first()).toContainText('someone.with.a.long.address@example.org');
  await expect(failures.first()).toContainText('Drinking Liberally this Thursday');
  await expect(failures.first()).toContainText('Recipient address rejected');
  await expect(failures.nth(1)).toContainText('552 Mailbox full');
  await expectAccessible(page);
  await card(page).scrollIntoViewIfNeeded();
  await shot('busy-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await card(page).scrollIntoViewIfNeeded();
  await shot('busy-390');
  await expectFitsPhone(page);

  await page.unroute(QUEUE);
  await page.route(
    QUEUE,
    answer({ statusCode: 500, error: 'Internal Server Error', message: 'x' }, 500),
  );
  await page.reload();
  await expect(card(page).getByText('The email queue could not be loaded.')).toBeVisible();
  await shot('error-390');
  // Trying again reaches the site's own answer.
  await page.unroute(QUEUE);
  await card(page).getByRole('button', { name: 'Try again' }).click();
  await expect(card(page).getByText('Waiting', { exact: true })).toBeVisible();
});
