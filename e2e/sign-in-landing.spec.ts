// Sign-in lands on the person's work (issue 35 item 1): from the menu's Sign In, with no
// returnUrl, an admin lands on the admin dashboard, the host of one chapter on its dashboard, the
// host of two on My Chapters, and anyone else back on the page they signed in from; each screen
// seen at 390 and 1280 px.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { followMenuLink, openPhoneMenu } from './phone-menu';
import { DESKTOP, PHONE, expectAlsoAt } from './widths';
import { TEST_PASSWORD, register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const UWS = 'drinking-liberally-upper-west-side';

/** Signs in from the menu of /about, as someone reading the site would. */
async function signInFromMenu(page: Page, email: string, password: string) {
  // Registering signed the browser in: out again, so that the menu offers Sign In.
  await page.request.get('/api/auth/signout');
  await page.goto('/about');
  await followMenuLink(page, page.getByRole('banner').getByRole('link', { name: 'Sign In' }));
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

// Where one lands does not depend on the width: each landing is followed once, from the phone's
// menu (the one that folds away), and the screen landed on is checked at a desktop's width too.
// Going back to the page one came from runs at both widths: it also follows the desktop menu.
test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('an admin lands on the admin dashboard', async ({ page, admin }) => {
    await signInFromMenu(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expectAccessible(page);
    await expectAlsoAt(page, DESKTOP);
  });

  test("the host of one chapter lands on that chapter's dashboard", async ({
    page,
    browser,
    baseURL,
    admin,
  }) => {
    const email = `landing-one-${Date.now()}@example.org`;
    await register(page, 'Hana Onechapter', email);
    await grantRole(browser, baseURL!, admin, email, UWS, ROLE_ID.chapterHost);
    await signInFromMenu(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/chapter/ny/${UWS}/admin$`));
    await expectAccessible(page);
    await expectAlsoAt(page, DESKTOP);
  });

  test('a field organizer of two chapters lands on My Chapters', async ({
    page,
    browser,
    baseURL,
    admin,
  }) => {
    const email = `landing-two-${Date.now()}@example.org`;
    await register(page, 'Fern Twochapters', email);
    await grantRole(browser, baseURL!, admin, email, UWS, ROLE_ID.fieldOrganizer);
    const other = await anotherChapter(page);
    await grantRole(browser, baseURL!, admin, email, other, ROLE_ID.fieldOrganizer);
    await signInFromMenu(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/my_chapters$/);
    const heading = page.getByRole('heading', { name: 'My Chapters' });
    await expect(heading).toBeVisible();
    await expectAlsoAt(page, DESKTOP, () => expect(heading).toBeVisible());
  });
});

for (const size of [PHONE, DESKTOP]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('anyone else goes back to the page they signed in from', async ({ page }) => {
      const email = `landing-none-${size.width}-${Date.now()}@example.org`;
      await register(page, 'Nell Nochapter', email);
      await signInFromMenu(page, email, TEST_PASSWORD);
      await expect(page).toHaveURL(/\/about$/);
      await openPhoneMenu(page);
      await expect(page.getByRole('link', { name: 'Hi, Nell Nochapter' })).toBeVisible();
    });
  });
}
