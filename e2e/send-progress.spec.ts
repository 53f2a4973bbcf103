// Watching a send and stopping it (issue 23): a host sends to a list big enough to watch (10,000
// members added through the app's own Add Members call), sees the progress bar move with the
// rate, presses Stop, confirms, and the send shows stopped with fewer sent than its total. The
// dashboard shows the same send. Screenshots at 1280 and 390 px.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { addChapterMembers } from './memberLists';
import { ROLE_ID, grantRole } from './roles';

const SLUG = 'reading-liberally-asheville';
const MEMBERS = 10_000;

const sentOf = async (page: Page) =>
  Number(
    (
      (await page
        .getByTestId('send-item')
        .filter({ has: page.getByTestId('send-sent') })
        .first()
        .getByTestId('send-sent')
        .textContent()) ?? '0'
    ).replace(/,/g, ''),
  );

test('a host watches a send to 10,000 members and stops it', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  // Adding 10,000 members, the send and a stop take minutes on a busy machine.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now();
  const hostEmail = `progress-host-${stamp}@example.org`;
  await register(page, 'Paula Progress', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, SLUG, ROLE_ID.chapterHost);
  const emails = Array.from({ length: MEMBERS }, (_, i) => `watch-${stamp}-${i}@example.org`);
  const { id, adminPath: base } = await addChapterMembers(page, SLUG, emails);

  await page.goto(`${base}/email`);
  await expect(page.getByRole('heading', { name: 'Send Email' })).toBeVisible();
  const recipients = Number(
    ((await page.getByTestId('recipient-count').locator('strong').textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );
  expect(recipients).toBeGreaterThanOrEqual(MEMBERS);
  const sends = page.getByRole('region', { name: 'Emails sent' });
  await expect(sends).toBeVisible();
  // Nothing sent by a host of this chapter yet: what the list holds is what the schedule will
  // send by itself (issue 34), each marked Scheduled.
  await expect(sends.getByTestId('send-status').filter({ hasNotText: 'Scheduled' })).toHaveCount(0);

  const subject = `Watch this ${stamp}`;
  await page.getByLabel('Title').fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('A send big enough to watch.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send this email?' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(page.getByTestId('email-sent-summary')).toBeVisible();

  // The send, newest first, running: the bar moves and the rate appears as the screen polls.
  // The host's send, among the schedule's (which the list shows first).
  const item = sends.getByTestId('send-item').filter({ hasText: subject });
  // A busy machine's embedded database may take a while to answer while it queues.
  await expect(item.getByRole('heading', { name: subject })).toBeVisible({ timeout: 30_000 });
  await expect(item.getByTestId('send-status')).toHaveText(/Queueing|Sending/);
  const bar = item.getByRole('progressbar');
  await expect.poll(() => sentOf(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await sentOf(page);
  await expect.poll(() => sentOf(page), { timeout: 15_000 }).toBeGreaterThan(first);
  await expect(item.getByTestId('send-rate')).toHaveText(/messages\/min/, { timeout: 15_000 });
  expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
  await evidence(page, 'send-progress-1280', { fullPage: true });
  await expectAccessible(page);

  // Stop, asked first; Cancel in the dialog changes nothing.
  await item.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop this email?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByTestId('send-status')).toHaveText(/Queueing|Sending/);
  await item.getByRole('button', { name: 'Stop' }).click();
  await dialog.getByRole('button', { name: 'Stop sending' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(item.getByTestId('send-status')).toHaveText('Stopped');
  await expect(item.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  // The server agrees: stopped, fewer sent than the total, and it stays so.
  const answer = async () =>
    (
      (await (await page.request.get(`/api/mailing_list/chapter/${id}/sends`)).json()) as {
        title: string;
        status: string;
        sent: number;
        total: number;
      }[]
    ).find((s) => s.title === subject)!;
  const stopped = await answer();
  expect(stopped.status).toBe('cancelled');
  expect(stopped.total).toBe(recipients);
  expect(stopped.sent).toBeLessThan(stopped.total);
  await page.waitForTimeout(3000);
  const later = await answer();
  // Copies already handed to the SMTP server when Stop was pressed are recorded, no more.
  expect(later.sent - stopped.sent).toBeLessThanOrEqual(8);
  await expect(item.getByTestId('send-sent')).toBeVisible();

  // The dashboard shows the same send, stopped; and so does a phone.
  await page.goto(base);
  const onDashboard = page
    .getByRole('region', { name: 'Emails sent' })
    .getByTestId('send-item')
    .filter({ hasText: subject });
  await expect(onDashboard.getByRole('heading', { name: subject })).toBeVisible({
    timeout: 30_000,
  });
  await expect(onDashboard.getByTestId('send-status')).toHaveText('Stopped');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/email`);
  await expect(page.getByTestId('send-item').filter({ hasText: subject })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
  await evidence(page, 'send-progress-390', { fullPage: true });
  await expectAccessible(page);
});
