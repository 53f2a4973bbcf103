// The chapter page as a visitor on a phone meets it: the mailing-list sign-up on the first
// screen, a note on what happens after joining, no live chapter looking dead, and no broken
// header image.
import sharp from 'sharp';
import { appDrawn, expect, expectAccessible, test } from './harness';

test('on a phone, the sign-up is on the first screen and says what happens next', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chapter/ny/drinking-liberally-upper-west-side');
  await appDrawn(page);
  const box = page.getByLabel('Join the mailing list');
  await expect(box).toBeVisible();
  const where = (await box.boundingBox())!;
  expect(where.y + where.height).toBeLessThanOrEqual(844);
  // ...and above the chapter's posts.
  const posts = (await page.getByRole('heading', { name: 'Posts', exact: true }).boundingBox())?.y;
  if (posts !== undefined) expect(where.y).toBeLessThan(posts);
  const email = `phone-${Date.now()}@example.org`;
  await box.fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Success!' });
  // A built-in list: the visitor confirms by the mailed link (list-signup-confirm.spec.ts).
  await expect(status).toContainText(
    `Check your inbox: we sent a link to confirm ${email} for the Upper West Side list.`,
  );
  await expectAccessible(page);
});

test('on a wide screen, the sign-up heads the side column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/chapter/ny/drinking-liberally-upper-west-side');
  await appDrawn(page);
  const signup = (await page.getByLabel('Join the mailing list').boundingBox())!;
  const about = (await page.locator('.chapter-layout-main').boundingBox())!;
  expect(signup.x).toBeGreaterThan(about.x + about.width - 1);
  expect(signup.y).toBeLessThan(about.y + 200);
});

test('every chapter that meets leads its state page card with its next meeting', async ({
  page,
}) => {
  const res = await page.request.get('/api/chapters/active');
  const active = (await res.json()) as { state: string; nextEvent: unknown }[];
  const states = [...new Set(active.filter((c) => c.nextEvent).map((c) => c.state))];
  expect(states.length).toBeGreaterThan(5);
  for (const state of states.slice(0, 6)) {
    await page.goto(`/chapters/${state.toLowerCase()}`);
    const meets = active.filter((c) => c.state === state && c.nextEvent).length;
    await expect(page.locator('.chapter-card .date-tile'), state).toHaveCount(meets);
    // 'Last Active' is for those who run a chapter, not for a visitor choosing one.
    await expect(page.getByText(/Last Active:/), state).toHaveCount(0);
  }
});

test('a header image that fails to load gives way to the illustration', async ({
  page,
  browser,
  baseURL,
  admin,
  consoleErrors,
}) => {
  const chapterPage = '/chapter/wi/drinking-liberally-madison';
  // The chapter has a header image, uploaded as its admin would.
  const context = await browser.newContext({ baseURL });
  try {
    const api = context.request;
    const signin = await api.post('/api/auth/signin', {
      data: { username: admin.email, password: admin.password },
    });
    expect(signin.ok()).toBe(true);
    const chapter = (await (
      await api.get('/api/chapter/slug/drinking-liberally-madison')
    ).json()) as { id: number };
    const image = await sharp({
      create: { width: 1200, height: 300, channels: 3, background: '#b5442a' },
    })
      .jpeg()
      .toBuffer();
    const upload = await api.post(`/api/chapter/header_image/${chapter.id}`, {
      multipart: { image: { name: 'header.jpg', mimeType: 'image/jpeg', buffer: image } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
  } finally {
    await context.close();
  }
  const header = page.locator('img.chapter-header-image');
  await page.goto(chapterPage);
  await appDrawn(page);
  await expect(header).toBeVisible();

  // Now the image fails, on the page the server draws and on the app's screen alike.
  consoleErrors.allow(/404 \(Not Found\).*\/assets\/images\/uploads\//);
  await page.route('**/assets/images/uploads/*', (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await page.goto(chapterPage);
  await appDrawn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Madison' })).toBeVisible();
  await expect(header).toHaveCount(0);
  // In its place, the illustration in the chapter type's colour (issue 25).
  await expect(page.getByTestId('chapter-illustration')).toBeVisible();
});
