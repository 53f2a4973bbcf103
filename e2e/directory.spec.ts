import { appDrawn, expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';

test('a state page lists its chapters by name and its chips filter them by type', async ({
  page,
}) => {
  await page.goto('/chapters/ny');
  await expect(page.getByRole('heading', { name: 'New York', level: 1 })).toBeVisible();
  const items = page.locator('.chapter-card-title');
  await expect(items).toHaveText(['Brooklyn', 'Upper West Side']);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Reading Liberally' }).click();
  await expect(page.getByRole('button', { name: 'Reading Liberally' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(items).toHaveText(['Upper West Side']);
  await page.getByRole('button', { name: 'Reading Liberally' }).click();
  await expect(items).toHaveCount(2);
});

test('a chapter page shows the next four dates, its calendar, its posts and a sign-up', async ({
  page,
}) => {
  await page.goto('/chapter/ny/drinking-liberally-upper-west-side');
  await expect(page.getByRole('heading', { name: 'Upper West Side', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next Event' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'More Upcoming Events' })).toBeVisible();
  await expect(page.locator('.upcoming-dates li')).toHaveCount(3);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const calendar = page.getByRole('link', { name: 'Apple & others (.ics)' });
  const ics = await page.request.get((await calendar.getAttribute('href'))!);
  expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chapter Admin Tools' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a hidden chapter is "not active" and a mistyped one "not found", both a 404 page', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/404 \(Not Found\) \(.*\/api\/chapter\/slug\//);
  consoleErrors.allow(/404 \(Not Found\) \(.*\/chapter\/tn\/[a-z-]+\)$/);
  for (const [slug, heading] of [
    // Spec 1 §2: a hidden chapter says only that it is not active.
    ['laughing-liberally-nashville', 'This Chapter is not active.'],
    ['laughing-liberally-nashvile', 'Chapter not found'],
  ]) {
    const res = await page.goto(`/chapter/tn/${slug}`);
    expect(res?.status()).toBe(404);
    await appDrawn(page);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByText('Zanies')).toHaveCount(0);
    // Tennessee's only chapter is this hidden one: its state page would say it has none
    // (issue 35), so the way on is the search.
    await expect(page.getByRole('link', { name: 'Find a chapter near you' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('link', { name: /See the chapters in/ })).toHaveCount(0);
    await evidence(page, `directory-${slug}`);
  }
  await expect(page.getByText('This Chapter is not active.')).toHaveCount(0);
});

test("the first paint is the page's frame: menu, heading and footer come in the HTML", async ({
  browser,
  baseURL,
}) => {
  // What the browser shows before any script runs.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const res = await page.goto('/chapter/pa/drinking-liberally-pittsburgh');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pittsburgh' })).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} Living Liberally`)).toBeVisible();
  await context.close();
});

test('the tab title follows the screen as the visitor moves around', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Living Liberally – Find a chapter near you');
  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  await expect(page).toHaveTitle(/^About.* \| Living Liberally$/);
  await page.goto('/chapters/ca');
  await page.getByRole('link', { name: 'Berkeley' }).first().click();
  await expect(page).toHaveURL(/\/chapter\/ca\/dining-liberally-berkeley$/);
  await expect(page).toHaveTitle('Berkeley | Living Liberally');
  // A link with the wrong state in it lands on the chapter's own address.
  await page.goto('/chapter/ny/dining-liberally-berkeley');
  await expect(page).toHaveURL(/\/chapter\/ca\/dining-liberally-berkeley$/);
});
