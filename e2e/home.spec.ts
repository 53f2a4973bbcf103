import { expect, expectAccessible, test } from './harness';

test('the home page shows the shell, the map with its pins, the blog and the press', async ({
  page,
}) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'About', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Chapter Types' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
  // The footer's year is the current one (issue 25), not the spec's fixed 2020.
  await expect(page.getByText(`© ${new Date().getFullYear()} Living Liberally`)).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'From the blog' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Press Mentions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All' })).toBeVisible();
  await expectAccessible(page);
});

test("a pin's info window signs a visitor up to the chapter's list", async ({ page }) => {
  await page.goto('/');
  // Pins close together are a cluster at the national zoom: search the city, open its
  // cluster, then the keyboard reaches the pin (and proves it can).
  await expect(page.locator('.chapter-map .leaflet-marker-icon').first()).toBeVisible();
  await page.getByLabel('Find chapters near').fill('New York');
  await page.getByLabel('Find chapters near').press('Enter');
  await expect(page.getByText('Showing New York, NY')).toBeVisible();
  const pin = page.getByRole('button', { name: 'Drinking Liberally Upper West Side' });
  // The search fits the map to New York and its nearest chapters, where the city's pins stand
  // as a cluster: open the cluster shown inside the map (zooming in, perhaps more than once)
  // until the pin itself shows.
  const insideMap = () =>
    page.locator('.chapter-map .marker-cluster').evaluateAll((els) => {
      const map = document.querySelector('.chapter-map')!.getBoundingClientRect();
      return els.findIndex((el) => {
        const r = el.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        return x > map.left && x < map.right && y > map.top && y < map.bottom;
      });
    });
  await expect(async () => {
    if (await pin.isVisible()) return;
    const i = await insideMap();
    if (i >= 0) await page.locator('.chapter-map .marker-cluster').nth(i).click();
    await expect(pin).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(pin).toBeVisible();
  await pin.focus();
  await pin.press('Enter');
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByRole('link', { name: 'New York' })).toBeVisible();
  await expect(popup.getByText('The Dead Poet')).toBeVisible();
  // The chapter's type and its time zone (issue 35).
  await expect(popup.getByText('Drinking Liberally')).toBeVisible();
  await expect(popup.getByText(/^Eastern Time \(E[SD]T\)$/)).toBeVisible();
  await popup.getByLabel('Join the mailing list').fill(`pin-${Date.now()}@example.org`);
  await popup.getByRole('button', { name: 'Sign Up' }).click();
  await expect(popup.getByText('Success!')).toBeVisible();
  // Escape closes the window and puts the focus back on the pin.
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(pin).toBeFocused();
});

test('the search moves the map to the place typed', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/404 \(Not Found\) \(.*\/api\/geocode/);
  await page.goto('/');
  await page.getByLabel('Find chapters near').fill('Austin, TX');
  await page.getByLabel('Find chapters near').press('Enter');
  await expect(page.getByText('Showing Austin, TX')).toBeVisible();
  await page.getByLabel('Find chapters near').fill('Nowhere At All Qq');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('We could not find "Nowhere At All Qq".')).toBeVisible();
});

test('an unknown address shows the not-found screen inside the shell', async ({
  page,
  consoleErrors,
}) => {
  // The page is a 404 for search engines and link checkers too.
  consoleErrors.allow(/404 \(Not Found\) \(.*\/no\/such\/page\)$/);
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the state list goes to the state chosen, and from the keyboard only on Enter', async ({
  page,
}) => {
  await page.goto('/');
  const states = page.getByLabel('Find chapters by state');
  // The server's copy of the list is disabled until the app's takes its place.
  await expect(states).toBeEnabled();
  await states.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/$/);
  await expect(states).toHaveValue('AK');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chapters\/ak$/);

  await page.goto('/');
  await page.getByLabel('Find chapters by state').selectOption('NY');
  await expect(page).toHaveURL(/\/chapters\/ny$/);
});
