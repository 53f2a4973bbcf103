// Site admin: the dashboard (the network's health and its activity) and the general settings
// (spec 2 §2 /admin, /admin/settings; §5).
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, test } from './harness';
import { expectFitsPhone, openAdmin, useAdminSession } from './admin-session';

useAdminSession('admin-dashboard-settings');

test("the dashboard shows the network's counts, each chapter's health and the activity", async ({
  page,
}) => {
  await openAdmin(page, '/admin', 'Admin Dashboard');
  const counts = page.getByRole('list', { name: 'The network in numbers' });
  for (const label of [
    'Active chapters',
    'Hidden chapters',
    'Open applications',
    'Users',
    'List members',
  ]) {
    await expect(counts.getByText(label, { exact: true })).toBeVisible();
  }
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'Upper West Side' })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  // Sorting by a column, both ways.
  const chapterHeader = table.getByRole('columnheader', { name: 'Chapter' });
  await chapterHeader.getByRole('button').click();
  await expect(chapterHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstTitles = async () =>
    await table.locator('tbody tr td:first-child a').allTextContents();
  const ascending = await firstTitles();
  expect(ascending).toEqual(
    [...ascending].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  );
  await chapterHeader.getByRole('button').click();
  await expect(chapterHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await firstTitles()).toEqual([...ascending].reverse());

  // Filters: a state, then a type.
  await page.getByLabel('State', { exact: true }).selectOption('NY');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Reading' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Laughing' });
  await expect(page.getByText('No chapters found')).toBeVisible();
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'All types' });
  await page.getByLabel('State', { exact: true }).selectOption({ label: 'All states' });
  await page.getByLabel('Lapsed only').check();
  const lapsed = await table.locator('tbody tr').count();
  expect(lapsed).toBeGreaterThan(0);
  await expect(table.locator('tbody tr').filter({ hasText: 'Lapsed' })).toHaveCount(lapsed);

  // The activity feed, and a row's link to the chapter's admin.
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(
    page.getByText('Left a voicemail about the Tucson dining application.'),
  ).toBeVisible();
  await page.getByLabel('Lapsed only').uncheck();
  await table.getByRole('link', { name: 'Upper West Side' }).click();
  await expect(page).toHaveURL(/\/chapter\/ny\/[a-z-]+\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Chapter admin' })).toBeVisible();
});

test('settings: the front page link and image, and the email service', async ({
  page,
  browser,
  baseURL,
}) => {
  await openAdmin(page, '/admin/settings', 'Settings');
  const link = page.getByLabel('Link URL');
  await link.fill('');
  await expect(page.getByText('Link URL is Required')).toBeVisible();
  await link.fill('ftp://example.org/file');
  await expect(page.getByText('Enter a web address starting with http(s)://')).toBeVisible();
  const target = `https://example.org/campaign-${Date.now()}`;
  await link.fill(target);
  // The link's own form: the email service has a Save of its own.
  const linkForm = page.locator('form', { has: link });
  await linkForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  // Image files only: a text file is refused before it is sent; a PNG goes up.
  const upload = page.getByLabel('Upload a new front page image');
  await upload.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Choose an image file (JPEG, PNG...).')).toBeVisible();
  const png = await sharp({
    create: { width: 800, height: 300, channels: 3, background: '#1f5fa8' },
  })
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: 'callout.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('img', { name: 'The front page image' })).toBeVisible();

  const visitor = await browser.newContext({ baseURL, storageState: undefined });
  try {
    const home = await visitor.newPage();
    await home.goto('/');
    await expect(home.getByRole('link', { name: 'Featured' })).toHaveAttribute('href', target);
  } finally {
    await visitor.close();
  }

  // The email service: asked, cancelled, then changed (the page reloads), and changed back.
  const bronto = page.getByLabel(/^Bronto/);
  const sendInBlue = page.getByLabel(/^SendInBlue/);
  await expect(bronto).toBeChecked();
  const save = page
    .locator('.card', { has: sendInBlue })
    .getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeDisabled();
  // Choosing is not changing: the change waits for its Save.
  await sendInBlue.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await save.click();
  const dialog = page.getByRole('dialog', { name: 'Change the email service?' });
  await expect(dialog.getByText('This can break things badly.  Are you sure?')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(bronto).toBeChecked();
  const changes: [Locator, Locator][] = [
    [sendInBlue, bronto],
    [bronto, sendInBlue],
  ];
  for (const [choice, other] of changes) {
    await choice.click();
    await save.click();
    const reload = page.waitForEvent('load');
    await page.getByRole('dialog').getByRole('button', { name: 'Change it' }).click();
    await reload;
    await expect(choice).toBeChecked();
    await expect(other).not.toBeChecked();
  }
});
