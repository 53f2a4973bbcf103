import { appDrawn, expect, expectAccessible, test } from './harness';

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
