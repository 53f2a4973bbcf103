// The site's own look (issue 25, goal 1): the logo, the footer, the typeface, the palette, the
// light and dark colour schemes, and the illustration of a chapter without a header image, at a
// phone's width and a laptop's.
import type { Page } from '@playwright/test';
import { appDrawn, expect, expectAccessible, test } from './harness';

// Several pages and an axe run each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 180_000 });

const WIDTHS = [390, 1280] as const;
/** Capitol Hill has no header image in the demo data. */
const NO_HEADER_CHAPTER = '/chapter/dc/drinking-liberally-capitol-hill';

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 800 } });

    test('the menu carries the logo, and every page ends in the real footer', async ({ page }) => {
      await page.goto('/');
      const brand = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Living Liberally',
      });
      await expect(brand).toBeVisible();
      await expect(brand.locator('svg.brand-mark')).toBeVisible();
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');

      // The footer: the year the page is seen in, the network's pages and its address, in the
      // server's frame and once the app has drawn the page alike.
      for (const stage of ['server', 'app'] as const) {
        if (stage === 'app') await appDrawn(page);
        const footer = page.getByRole('contentinfo');
        await expect(footer).toContainText(`© ${new Date().getFullYear()} Living Liberally`);
        await expect(footer).not.toContainText('2020');
        const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
        await expect(links).toHaveText([
          'About',
          'Chapter Types',
          'Start a Chapter',
          'Press',
          'Blog',
        ]);
        await expect(
          footer.getByRole('link', { name: 'info@livingliberally.org' }),
        ).toHaveAttribute('href', 'mailto:info@livingliberally.org');
      }
      await expectAccessible(page);

      // Each footer link leads to its page.
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: 'Blog' }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Welcome to the new chapters site' }),
      ).toBeVisible();
      await expectAccessible(page);
      await footer.getByRole('link', { name: 'Start a Chapter' }).click();
      await expect(page).toHaveURL(/\/intro_start_chapter$/);
      await footer.getByRole('link', { name: 'Press' }).click();
      await expect(page).toHaveURL(/\/press_mentions$/);
    });

    test("the theme: the site's typeface, a violet primary, links without underlines", async ({
      page,
    }) => {
      await page.goto('/');
      await appDrawn(page);
      // The typeface is the site's own file, loaded (not a system font).
      await expect(page.locator('body')).toHaveCSS('font-family', /^"Figtree Variable"/);
      await expect
        .poll(() => page.evaluate(() => document.fonts.check('700 1rem "Figtree Variable"')))
        .toBe(true);
      expect(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((r) => /\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2$/.test(r.name)),
        ),
      ).toBe(true);
      // Screening's violet, not Bootstrap's blue (#0d6efd), on the primary buttons.
      expect(await backgroundOf(page, '.btn-primary')).toBe('rgb(122, 62, 157)');
      // A link that stands alone has no underline; one in running text keeps it.
      const title = page.getByRole('link', { name: 'Welcome to the new chapters site' });
      await expect(title).toHaveCSS('text-decoration-line', 'none');
      const contact = page.getByRole('link', { name: 'info@livingliberally.org' });
      await expect(contact).toHaveCSS('text-decoration-line', 'underline');
    });

    test('the dark colour scheme follows the system setting, on every kind of page', async ({
      page,
    }) => {
      // Six screens, each loaded and checked by axe: a slow machine needs more than a minute.
      test.setTimeout(150_000);
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const path of [
        '/',
        '/chapters/dc',
        NO_HEADER_CHAPTER,
        `${NO_HEADER_CHAPTER}/events/capitol-hill-hawk-n-dove`,
        '/intro_start_chapter',
        '/signin',
      ]) {
        await page.goto(path);
        await appDrawn(page);
        await expect(page.locator('h1').first()).toBeVisible();
        expect(await backgroundOf(page, 'body'), path).toBe('rgb(22, 19, 28)');
        expect(await backgroundOf(page, '.site-navbar'), path).toBe('rgb(22, 19, 28)');
        await expectAccessible(page);
      }
      // And back to light when the system says so, with no reload.
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await backgroundOf(page, 'body')).toBe('rgb(255, 255, 255)');
    });

    test("a chapter without a header image opens on an illustration in its type's colour", async ({
      page,
    }) => {
      await page.goto(NO_HEADER_CHAPTER);
      // Drawn by the server already, then by the app.
      const illustration = page.getByTestId('chapter-illustration');
      await expect(illustration).toBeVisible();
      await appDrawn(page);
      await expect(illustration).toBeVisible();
      await expect(illustration).toHaveClass(/chapter-illustration-1\b/);
      const box = await illustration.boundingBox();
      expect(box!.height).toBeGreaterThan(100);
      // Drinking's blue runs through its background.
      await expect(illustration).toHaveCSS('background-image', /rgb\(31, 95, 168\)/);
      await expect(illustration.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
      await expect(page.locator('img.chapter-header-image')).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
