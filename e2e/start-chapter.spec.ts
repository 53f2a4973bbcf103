import { expect, expectAccessible, test } from './harness';

test('a visitor registers, applies to start a chapter and finds the application', async ({
  page,
}) => {
  await page.goto('/intro_start_chapter');
  await expect(page.getByText('45 minutes', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'First, create your account' })).toBeVisible();
  await page.getByLabel('Name').fill('Ada Applicant');
  await page.getByLabel('Email').fill(`apply-${Date.now()}@example.org`);
  await page.getByLabel('Password', { exact: true }).fill('apply-pass');
  await page.getByLabel('Confirm password').fill('apply-pass');
  await page.getByRole('button', { name: 'Register' }).click();

  // The application: nothing is sent while it is incomplete.
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('City is required')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('City').fill('Burlington');
  await page.getByLabel('State').selectOption('VT');
  await expect(page.getByLabel('Drinking Liberally')).toBeChecked();
  await page.getByLabel('Dining Liberally').check();
  await page
    .getByLabel('Why do you want to start a chapter?')
    .fill('Our town needs a place to talk.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText("Great! We'll be in touch soon!")).toBeVisible();

  await page.getByRole('link', { name: 'See your applications' }).click();
  await page.getByRole('link', { name: 'Burlington, Vermont' }).click();
  await expect(page.getByText('Our town needs a place to talk.')).toBeVisible();
  await expect(page.getByText('dining Liberally', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/my_chapter_host_applications$/);
});
