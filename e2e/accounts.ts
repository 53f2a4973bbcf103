// A fresh account for a browser test that needs one (a host before an admin gives them a
// chapter), made by the Register screen's own call: the screen itself is driven by the tests of
// registering (auth, account-settings, start-chapter), and loading it for every other test that
// only needs an account cost a page load each.
import type { Page } from '@playwright/test';
import { expect } from './harness';

/** The password every account made here gets. */
export const TEST_PASSWORD = 'host-password';

/** Registers `name` <`email`>; the page's browser is then signed in as them (the site's cookie). */
export async function register(page: Page, name: string, email: string): Promise<void> {
  const res = await page.request.post('/api/auth/signup', {
    data: {
      name,
      email,
      username: email,
      password: TEST_PASSWORD,
      passwordMatch: TEST_PASSWORD,
    },
  });
  expect(res.ok(), `registering ${email}: ${await res.text()}`).toBe(true);
}
