import { expect, expectAccessible, test } from './harness';

test('the about, chapter types, blog, wiki and press screens show their content', async ({
  page,
}) => {
  for (const [path, heading] of [
    ['/about', /About/],
    ['/chapter_types', /Chapter Types/i],
    ['/blog/welcome_to_the_new_chapters_site', /Welcome to the new chapters site/],
    ['/wiki/host_handbook', /Host Handbook/],
    ['/press_mentions', /In the Press/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
  await expect(
    page.getByRole('link', { name: 'Americans in London organize to vote from abroad' }),
  ).toBeVisible();
});

test('a non-public wiki page is for admins only, with a warning', async ({
  page,
  admin,
  consoleErrors,
}) => {
  consoleErrors.allow(
    /404 \(Not Found\) \(.*\/(api\/wiki_page\/slug\/|wiki\/)field_organizer_playbook\)/,
  );
  await page.goto('/wiki/field_organizer_playbook');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.goto('/signin?returnUrl=%2Fwiki%2Ffield_organizer_playbook');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('This page is not public. Only Admins can see it.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Field Organizer Playbook' }),
  ).toBeVisible();
});
