// Signing up through the Register screen, as a new host does before an admin gives them a
// chapter: the one way every browser test makes a fresh account.
import type { Page } from '@playwright/test';
import { expect } from './harness';

/** The password every account made here gets. */
export const TEST_PASSWORD = 'host-password';

/** Registers `name` <`email`> and waits for the welcome the site answers with (signed in). */
export async function register(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/register_for_account');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();
}
