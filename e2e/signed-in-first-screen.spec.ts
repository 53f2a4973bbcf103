// A signed-in host's first screen (issue 21): before the app knows who is signed in, the menu
// claims nothing (never "Sign In"), and My Chapters shows its heading and the shape of its list
// at once, not a bare "Loading...".
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const CHAPTER = 'drinking-liberally-upper-west-side';
const CHAPTER_PAGE = `/chapter/ny/${CHAPTER}`;

/** A new host of the Upper West Side, signed in; the browser's session cookie, without the rest. */
async function signedInHost(page: Page, browser: Browser, baseURL: string, admin: Admin) {
  const name = 'Frances Firstscreen';
  const email = `first-screen-${Date.now()}@example.org`;
  await register(page, name, email);
  await grantRole(browser, baseURL, admin, email, CHAPTER, ROLE_ID.chapterHost);
  const { cookies } = await page.context().storageState();
  return { name, cookies };
}

type Admin = { email: string; password: string };
type Cookies = Awaited<ReturnType<BrowserContext['storageState']>>['cookies'];

/**
 * A browser that has the session cookie but has kept no user from an earlier visit (a new
 * device's first page after signing in elsewhere, cleared storage): the app must ask.
 */
function freshBrowser(browser: Browser, baseURL: string, cookies: Cookies, scripts = true) {
  return browser.newContext({
    baseURL,
    javaScriptEnabled: scripts,
    storageState: { cookies, origins: [] },
  });
}

/** What the page showed at any moment, recorded from before its first byte. */
interface Seen {
  /** The menu offered "Sign In". */
  sawSignIn: boolean;
  /** A spinner stood for the screen (a bare "Loading..."). */
  sawSpinner: boolean;
  /** The menu's account area waited, claiming nothing. */
  sawPending: boolean;
}

/** Records what the page shows (Seen) from before its first byte. */
async function watchForSignIn(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Seen;
    w.sawSignIn = false;
    w.sawSpinner = false;
    w.sawPending = false;
    new MutationObserver(() => {
      for (const link of document.querySelectorAll('header a')) {
        if (link.textContent?.trim() === 'Sign In') w.sawSignIn = true;
      }
      if (document.querySelector('main .spinner-border')) w.sawSpinner = true;
      if (document.querySelector('header [data-account="unknown"]')) w.sawPending = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const seen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as Seen;
    return { sawSignIn: w.sawSignIn, sawSpinner: w.sawSpinner, sawPending: w.sawPending };
  });

/** Holds the answers to `path` back for `ms`, as a slow phone network would. */
async function slow(page: Page, path: string, ms: number) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

test('before any script runs, a signed-in host’s page does not say "Sign In"', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  const { cookies } = await signedInHost(page, browser, baseURL!, admin);
  const still = await freshBrowser(browser, baseURL!, cookies, false);
  try {
    const tab = await still.newPage();
    for (const path of ['/', CHAPTER_PAGE, '/my_chapters']) {
      await tab.goto(path);
      await expect(tab.getByRole('banner').getByRole('link', { name: 'About' })).toBeAttached();
      await expect(tab.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      await expect(tab.locator('header [data-account="unknown"]')).toBeAttached();
    }
    // My Chapters' frame: its heading and the shape of its list.
    await tab.setViewportSize({ width: 390, height: 844 });
    await expect(tab.getByRole('heading', { name: 'My Chapters', level: 1 })).toBeVisible();
    await expect(tab.locator('main .list-placeholder')).toBeVisible();
    await evidence(tab, 'my-chapters-frame-390');
  } finally {
    await still.close();
  }
  // A visitor's page still offers it.
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const tab = await visitor.newPage();
    await tab.goto(CHAPTER_PAGE);
    await expect(tab.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeAttached();
  } finally {
    await visitor.close();
  }
});

test('while the app asks who is signed in, the menu waits, then greets the host', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  const { name, cookies } = await signedInHost(page, browser, baseURL!, admin);
  const context = await freshBrowser(browser, baseURL!, cookies);
  try {
    const tab = await context.newPage();
    await tab.setViewportSize({ width: 1280, height: 900 });
    await watchForSignIn(tab);
    await slow(tab, '/api/auth/user', 1_500);
    await tab.goto(CHAPTER_PAGE);
    await evidence(tab, 'account-pending-1280');
    await expect(tab.getByRole('link', { name: `Hi, ${name}` })).toBeVisible({ timeout: 10_000 });
    await expect(tab.getByRole('banner').getByRole('link', { name: 'My Chapters' })).toBeVisible();
    const { sawSignIn, sawPending } = await seen(tab);
    expect(sawSignIn, 'the menu said "Sign In" to a signed-in host').toBe(false);
    expect(sawPending, 'the account area waited for the answer').toBe(true);
  } finally {
    await context.close();
  }
});

test('My Chapters shows its heading and the shape of its list while the list loads', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  const { cookies } = await signedInHost(page, browser, baseURL!, admin);
  for (const width of [390, 1280]) {
    const context = await freshBrowser(browser, baseURL!, cookies);
    try {
      const tab = await context.newPage();
      await tab.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await watchForSignIn(tab);
      await slow(tab, '/api/chapters/my', 2_000);
      await tab.goto('/my_chapters');
      await expect(tab.getByRole('heading', { name: 'My Chapters', level: 1 })).toBeVisible();
      await expect(tab.locator('main .list-placeholder')).toBeVisible();
      await evidence(tab, `my-chapters-loading-${width}`);
      await expect(tab.getByRole('link', { name: 'Upper West Side' })).toBeVisible({
        timeout: 10_000,
      });
      await expect(tab.locator('main .list-placeholder')).toHaveCount(0);
      const { sawSignIn, sawSpinner } = await seen(tab);
      expect(sawSignIn, 'the menu said "Sign In" to a signed-in host').toBe(false);
      expect(sawSpinner, 'My Chapters showed a bare "Loading..." spinner').toBe(false);
    } finally {
      await context.close();
    }
  }
});
