// All six chapter types where a chapter's type is chosen (issue 25, goal 6), and the admin's
// front page image as the home page's hero (goal 2), at a phone's width and a laptop's (the
// hero's place is layout: a test at each width).
import sharp from 'sharp';
import { useAdminSession } from './admin-session';
import { appDrawn, expect, expectAccessible, test } from './harness';
import { DESKTOP, PHONE, expectAlsoAt } from './widths';

// Several pages and an axe run each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 180_000 });

useAdminSession('six-types');

const SIX = ['Drinking', 'Screening', 'Living', 'Laughing', 'Dining', 'Reading'];
const SETTINGS = '/chapter/dc/drinking-liberally-capitol-hill/admin/settings';

// Which types are offered is the same at any width: each form is driven at one width and its
// six choices are checked at the other by resizing (e2e/widths.ts).
test('the host application offers all six chapter types', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/start_chapter');
  const types = page.getByRole('group', { name: 'Type of chapter' }).getByRole('radio');
  const allSix = async () => {
    await expect(types).toHaveCount(6);
    for (const name of SIX) await expect(page.getByLabel(`${name} Liberally`)).toBeVisible();
  };
  await allSix();
  await expect(page.getByLabel('Drinking Liberally')).toBeChecked();
  await page.getByLabel('Screening Liberally').check();
  await expect(page.getByLabel('Screening Liberally')).toBeChecked();
  await expectAccessible(page);
  await expectAlsoAt(page, DESKTOP, allSix);
});

test("a chapter's settings offer all six types, and a Living chapter saves", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(SETTINGS);
  const group = page.getByRole('group', { name: 'Chapter type' });
  const allSix = async () => {
    await expect(group.getByRole('radio')).toHaveCount(6);
    for (const name of SIX) await expect(group.getByLabel(name, { exact: true })).toBeVisible();
  };
  await allSix();
  await expectAccessible(page);
  await expectAlsoAt(page, PHONE, allSix);
  // Saved as Living, the chapter's page says so; then back to Drinking.
  for (const [name, shown] of [
    ['Living', 'Living Liberally'],
    ['Drinking', 'Drinking Liberally'],
  ] as const) {
    await group.getByLabel(name, { exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
    const chapter = await page.context().newPage();
    await chapter.goto('/chapter/dc/drinking-liberally-capitol-hill');
    await expect(chapter.locator('.chapter-type-name').first()).toHaveText(shown);
    await chapter.close();
  }
});

for (const width of [390, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 800 } });

    test("the admin's front page image is the home page's hero", async ({ page, baseURL }) => {
      const image = await sharp({
        create: { width: 1200, height: 600, channels: 3, background: '#c75b00' },
      })
        .jpeg()
        .toBuffer();
      const upload = await page.request.post(`${baseURL}/api/front_page_image`, {
        multipart: { image: { name: 'hero.jpg', mimeType: 'image/jpeg', buffer: image } },
      });
      expect(upload.ok(), await upload.text()).toBe(true);

      await page.goto('/');
      await appDrawn(page);
      const hero = page.getByRole('region', { name: 'Find a chapter near you' });
      const picture = hero.getByRole('img', { name: 'Featured' });
      await expect(picture).toBeVisible();
      // The picture is the hero's, at its top, and no longer a call-out further down.
      const [heroBox, pictureBox] = [await hero.boundingBox(), await picture.boundingBox()];
      expect(pictureBox!.y).toBeCloseTo(heroBox!.y, 0);
      expect(pictureBox!.height).toBeCloseTo(heroBox!.height, 0);
      if (width >= 768) expect(pictureBox!.x).toBeGreaterThan(heroBox!.x + heroBox!.width / 3);
      await expect(page.getByRole('img', { name: 'Featured' })).toHaveCount(1);
      await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
