import AxeBuilder from '@axe-core/playwright';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { grantRole, revokeRoles } from './roles';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/chapter_types',
  '/page/chapter_resources',
  '/press_mentions',
  '/blog/summer_hosting_tips',
  '/wiki/host_handbook',
  '/chapters/ca',
  '/chapters/ak',
  '/chapter/ca/dining-liberally-berkeley',
  '/intro_start_chapter',
  '/start_chapter',
  '/signin',
  '/register_for_account',
  '/password_reset',
  '/password_verify/not-a-real-token',
];

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`every public route is free of serious accessibility problems at ${width}px`, async ({
    page,
  }) => {
    // Eighteen screens, each loaded and checked by axe: a slow machine needs more than 30 s.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await appDrawn(page);
      await expect(page.locator('h1').first(), route).toBeVisible();
      // Check the screen with its data, not its spinner (the state page's chips come with it).
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ }), route).toHaveCount(0);
      // Nothing wider than the screen: a phone scrolls down, never sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${route} is wider than the screen`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });
}

test('the signed-in screens are free of serious accessibility problems', async ({
  page,
  admin,
}) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Admin Tools' })).toBeVisible();
  for (const route of ['/settings', '/my_chapters', '/my_chapter_host_applications']) {
    await page.goto(route);
    await expect(page.locator('h1').first(), route).toBeVisible();
    await expectAccessible(page);
  }
});

// Two rules axe leaves out of its serious ones, checked on every screen they were found on
// (issue 21): a control's name holds the words it shows (label-content-name-mismatch: the
// events' "View" read "Public page of The Lamb", so "click View" found nothing), and headings
// go down one level at a time (heading-order: About, Chapter Types, Resources and My Chapters
// went from the h1 to an h3).
const NAMES_AND_HEADINGS = ['label-content-name-mismatch', 'heading-order'];
const LONDON_ADMIN = '/chapter/int/drinking-liberally-london/admin';

test('names hold the words shown, and headings skip no level, at both widths', async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A host with chapters, so My Chapters lists some: the admin hosts London for this test.
  await grantRole(browser, baseURL!, admin, admin.email, 'drinking-liberally-london', 3);
  try {
    await page.goto('/signin');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('link', { name: 'Admin Tools' })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 850 });
      for (const [route, ready] of [
        ['/about', '.rich-text'],
        ['/chapter_types', '.rich-text'],
        ['/page/chapter_resources', '.rich-text'],
        ['/my_chapters', '.chapter-card a'],
        [`${LONDON_ADMIN}/resources`, '.rich-text'],
        [`${LONDON_ADMIN}/events`, 'a:text-is("View")'],
        ['/chapter/ca/dining-liberally-berkeley/admin/events', 'a:text-is("View")'],
        ['/admin/email', 'button:text-is("Test")'],
      ]) {
        await page.goto(route!);
        await appDrawn(page);
        await expect(page.locator(ready!).first(), `${route} at ${width}px`).toBeVisible();
        const results = await new AxeBuilder({ page }).withRules(NAMES_AND_HEADINGS).analyze();
        const found = results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
        );
        expect(found, `${route} at ${width}px`).toEqual([]);
      }
    }
  } finally {
    await revokeRoles(browser, baseURL!, admin, admin.email, 'drinking-liberally-london');
  }
});
