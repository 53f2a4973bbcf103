// The site admin tools' browser tests: the admin signs in once per file (sign-in is rate-limited
// per address for the whole suite) and every test starts with that session.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { site } from './sites';

/** Call at the top of a spec file: signs the admin in before its tests, as each test's state. */
export function useAdminSession(name: string): void {
  const state = path.join(tmpdir(), `${name}-${process.pid}.json`);
  test.use({ storageState: state });
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: site().baseUrl,
      storageState: undefined,
    });
    const page = await context.newPage();
    await page.goto('/signin?returnUrl=%2Fadmin%2Fusers');
    await page.getByLabel('Email').fill(site().adminEmail);
    await page.getByLabel('Password').fill(site().adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await context.storageState({ path: state });
    await context.close();
  });
  test.afterAll(() => rmSync(state, { force: true }));
}

/** Goes to an admin screen and waits for the admin menu and the screen's heading. */
export async function openAdmin(page: Page, to: string, heading: string | RegExp): Promise<void> {
  await page.goto(to);
  await expect(page.getByRole('navigation', { name: 'Admin tools' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The screen as it is now, at a phone's width: accessible, and nothing wider than the phone. */
export async function expectFitsPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page is no wider than a 375 px phone').toBeLessThanOrEqual(0);
  await expect(page.getByRole('navigation', { name: 'Admin tools' })).toBeVisible();
  await expectAccessible(page);
  if (size) await page.setViewportSize(size);
}
