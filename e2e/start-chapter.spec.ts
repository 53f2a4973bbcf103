import type { Browser } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { followMenuLink } from './phone-menu';

test('a visitor registers, applies to start a chapter and finds the application', async ({
  page,
  browser,
  baseURL,
  admin,
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

  // What happens next: the admin's three checks and a rough time, then the application itself.
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next.getByRole('listitem')).toHaveCount(3);
  await expect(next).toContainText('The orientation call');
  await expect(next).toContainText('The host agreement');
  await expect(next).toContainText('A few more details');
  await expect(next).toContainText('usually takes two to three weeks');
  await expectAccessible(page);
  await evidence(page, 'application-sent-1280', { fullPage: true });
  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page).toHaveURL(/\/my_chapter_host_applications\/[a-z0-9-]+$/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Burlington, Vermont' })).toBeVisible();
  await expect(page.getByText('Our town needs a place to talk.')).toBeVisible();
  await expect(page.getByText('dining Liberally', { exact: false })).toBeVisible();
  await expect(page.getByTestId('check-didHavePhoneCall')).toContainText('To do');

  // Once the admin ticks a check, the applicant's page says it is done.
  await tickPhoneCall(browser, baseURL!, admin, slug);
  await page.reload();
  await expect(page.getByTestId('check-didHavePhoneCall')).toContainText('Done');
  await expect(page.getByTestId('check-didSignAgreement')).toContainText('To do');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await evidence(page, 'application-390', { fullPage: true });

  // The account menu leads back to it.
  await page.goto('/');
  await followMenuLink(
    page,
    page.getByRole('banner').getByRole('link', { name: 'My Applications' }),
  );
  await expect(page).toHaveURL(/\/my_chapter_host_applications$/);
  await page.getByRole('link', { name: 'Burlington, Vermont' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/my_chapter_host_applications$/);
});

/** The admin's first check on the application (spec 2 §2 application screen), through the API. */
async function tickPhoneCall(
  browser: Browser,
  baseURL: string,
  admin: { email: string; password: string },
  slug: string,
) {
  const context = await browser.newContext({ baseURL });
  try {
    const api = context.request;
    const signin = await api.post('/api/auth/signin', {
      data: { username: admin.email, password: admin.password },
    });
    expect(signin.ok()).toBe(true);
    const application = (await (
      await api.get(`/api/chapter_host_application/slug/${slug}`)
    ).json()) as Record<string, unknown>;
    const saved = await api.post('/api/chapter_host_application', {
      data: { ...application, didHavePhoneCall: true },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  } finally {
    await context.close();
  }
}
