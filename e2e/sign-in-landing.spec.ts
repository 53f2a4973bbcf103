// Sign-in lands on the person's work (issue 35 item 1): from the menu's Sign In, with no
// returnUrl, an admin lands on the admin dashboard, the host of one chapter on its dashboard, the
// host of two on My Chapters, and anyone else back on the page they signed in from.
import type { Page } from '@playwright/test';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { TEST_PASSWORD, register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const UWS = 'drinking-liberally-upper-west-side';

/** Opens the phone's menu (the desktop's is always open). */
async function openMenu(page: Page) {
  await appDrawn(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true')
    await toggle.click();
}

/** Signs in from the menu of /about, as someone reading the site would. */
async function signInFromMenu(page: Page, email: string, password: string) {
  // Registering signed the browser in: out again, so that the menu offers Sign In.
  await page.request.get('/api/auth/signout');
  await page.goto('/about');
  await openMenu(page);
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A second chapter's slug (any active one but the Upper West Side). */
async function anotherChapter(page: Page): Promise<string> {
  const res = await page.request.get('/api/chapters/state/ny');
  const list = (await res.json()) as { slug: string }[];
  const other = list.find((c) => c.slug !== UWS);
  if (!other) throw new Error('the demo has one New York chapter only');
  return other.slug;
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('an admin lands on the admin dashboard', async ({ page, admin }) => {
      await signInFromMenu(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/admin$/);
      await expectAccessible(page);
    });

    test("the host of one chapter lands on that chapter's dashboard", async ({
      page,
      browser,
      baseURL,
      admin,
    }) => {
      const email = `landing-one-${width}-${Date.now()}@example.org`;
      await register(page, 'Hana Onechapter', email);
      await grantRole(browser, baseURL!, admin, email, UWS, ROLE_ID.chapterHost);
      await signInFromMenu(page, email, TEST_PASSWORD);
      await expect(page).toHaveURL(new RegExp(`/chapter/ny/${UWS}/admin$`));
      await expectAccessible(page);
    });

    test('a field organizer of two chapters lands on My Chapters', async ({
      page,
      browser,
      baseURL,
      admin,
    }) => {
      const email = `landing-two-${width}-${Date.now()}@example.org`;
      await register(page, 'Fern Twochapters', email);
      await grantRole(browser, baseURL!, admin, email, UWS, ROLE_ID.fieldOrganizer);
      const other = await anotherChapter(page);
      await grantRole(browser, baseURL!, admin, email, other, ROLE_ID.fieldOrganizer);
      await signInFromMenu(page, email, TEST_PASSWORD);
      await expect(page).toHaveURL(/\/my_chapters$/);
      await expect(page.getByRole('heading', { name: 'My Chapters' })).toBeVisible();
    });

    test('anyone else goes back to the page they signed in from', async ({ page }) => {
      const email = `landing-none-${width}-${Date.now()}@example.org`;
      await register(page, 'Nell Nochapter', email);
      await signInFromMenu(page, email, TEST_PASSWORD);
      await expect(page).toHaveURL(/\/about$/);
      await openMenu(page);
      await expect(page.getByRole('link', { name: 'Hi, Nell Nochapter' })).toBeVisible();
    });
  });
}
