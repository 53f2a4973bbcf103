// Site admin: users (spec 2 §2 /admin/users and /admin/users/{id}): find one, note something
// about them, make them a field organizer of a chapter, and see them on that chapter's hosts.
import { expect, expectAccessible, test } from './harness';
import { expectFitsPhone, openAdmin, useAdminSession } from './admin-session';

useAdminSession('admin-users');

test('an admin finds a user, adds a note and makes them a field organizer', async ({ page }) => {
  await openAdmin(page, '/admin/users', 'Users');
  await expect(page.getByText(/^\d+ users$/)).toBeVisible();
  const admin = page.getByRole('listitem').filter({ hasText: 'Site Admin' });
  await expect(admin.getByText('Admin', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  // The search: at least two characters, by name or email.
  await page.getByLabel('Search by name or email').fill('v');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Type at least 2 characters')).toBeVisible();
  await page.getByLabel('Search by name or email').fill('victor.ng');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/users\?q=victor\.ng$/);
  await expect(page.getByText('1 matching “victor.ng”')).toBeVisible();
  await page.getByRole('link', { name: 'Victor Nguyen' }).click();

  // Their page: profile, roles, applications and notes.
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Victor Nguyen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'victor.nguyen@example.com' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Field Organizer of' }).getByText('None'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Tucson, AZ/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Phoenix, AZ/ })).toBeVisible();
  await expect(
    page.getByText('Left a voicemail about the Tucson dining application.'),
  ).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Note is Required')).toBeVisible();
  const note = `Met Victor at the state convention ${Date.now()}; keen on Tucson.`;
  await page.getByLabel('Note Text').fill(note);
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.locator('li').filter({ hasText: note })).toBeVisible();
  await expect(page.getByLabel('Note Text')).toHaveValue('');

  // A chapter role: find the chapter (two characters at least), then the button.
  await page.getByLabel('Find a chapter').fill('B');
  await expect(page.getByRole('button', { name: /Berkeley/ })).toHaveCount(0);
  await page.getByLabel('Find a chapter').fill('Berke');
  await page.getByRole('button', { name: /Berkeley/ }).click();
  await expect(page.getByText('Chapter: Berkeley')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Make Field Organizer' }).click();
  await expect(page.getByText('Victor Nguyen is now a Field Organizer of Berkeley.')).toBeVisible();
  const organizer = page.getByRole('region', { name: 'Field Organizer of' });
  await expect(organizer.getByRole('link', { name: 'Berkeley', exact: true })).toBeVisible();
  await expect(page.getByText('Already a Field Organizer here.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Chapter Host' })).toBeVisible();

  // The chapter's hosts screen lists them, linked back here.
  await organizer.getByRole('link', { name: /Chapter hosts/ }).click();
  const organizers = page.getByRole('region', { name: 'Field Organizers' });
  await expect(organizers.getByRole('link', { name: 'Victor Nguyen' })).toBeVisible();
  await organizers.getByRole('link', { name: 'Victor Nguyen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Victor Nguyen' })).toBeVisible();
});

test('an unknown user is a not-found screen inside the admin tools', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/404 \(Not Found\) \(.*\/api\/user\/user\//);
  await page.goto('/admin/users/999999');
  await expect(page.getByRole('navigation', { name: 'Admin tools' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});
