// The chapter admin area's events, links, notes, press mentions and hosts (spec 2 §2), as the
// demo admin, on the demo chapter in Berkeley; each change is checked on the public chapter page.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { site } from './sites';

const chapterPath = '/chapter/ca/dining-liberally-berkeley';
const adminPath = `${chapterPath}/admin`;

// The sign-in is rate-limited per address (10 in 15 minutes) for the whole suite, so the admin
// signs in once, through /signin, and every test here starts with that session.
const adminState = path.join(tmpdir(), `chapter-admin-content-${process.pid}.json`);
test.use({ storageState: adminState });

test.beforeAll(async ({ browser }) => {
  // Contexts made here get the file's `use` options too: this one must start signed out.
  const context = await browser.newContext({
    baseURL: site().baseUrl,
    storageState: undefined,
  });
  const page = await context.newPage();
  await page.goto(`/signin?returnUrl=${encodeURIComponent(adminPath)}`);
  await page.getByLabel('Email').fill(site().adminEmail);
  await page.getByLabel('Password').fill(site().adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${adminPath}$`));
  await context.storageState({ path: adminState });
  await context.close();
});

test.afterAll(() => rmSync(adminState, { force: true }));

async function open(page: Page, to: string) {
  await page.goto(to);
  await expect(page.getByRole('navigation', { name: 'Chapter admin' })).toBeVisible();
}

/** 'YYYY-MM-DD' a few days ahead: still to come in the chapter's time zone whatever the hour. */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('events: add a repeating and a single-date event, see them public, edit and delete', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const repeating = `Tuesday Table ${stamp}`;
  const single = `Election Night ${stamp}`;
  await open(page, `${adminPath}/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText('Cheese Board Pizza')).toBeVisible();
  await expectAccessible(page);

  // Add a repeating event: the first and third Tuesday.
  await page.getByRole('link', { name: 'Add Event' }).click();
  await expect(page).toHaveURL(/\/admin\/events\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Event' })).toBeVisible();
  await expectAccessible(page);
  // Nothing is sent while it is invalid, and each required field says so.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Address is Required')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events\/add$/);
  await page.getByLabel('Day of the week').selectOption('Tuesday');
  // Every Week covers the others: ticking another week clears it, and ticking it clears them.
  await page.getByLabel('First').check();
  await expect(page.getByLabel('Every Week')).not.toBeChecked();
  await page.getByLabel('Every Week').check();
  await expect(page.getByLabel('First')).not.toBeChecked();
  await page.getByLabel('First').check();
  await page.getByLabel('Third').check();
  await page.getByLabel('Start time').selectOption('18:30');
  await page.getByLabel('End time').selectOption('20:30');
  await page.getByLabel('Name').fill(repeating);
  await expect(page.getByText('Name is Required')).toBeHidden();
  await page.getByLabel('Description').fill('Back room, ask for the liberals.');
  await page.getByLabel('Address 1').fill('2114 Vine St');
  await page.getByLabel('City', { exact: true }).fill('');
  await expect(page.getByText('City is Required')).toBeVisible();
  await page.getByLabel('City', { exact: true }).fill('Berkeley');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  const repeatingItem = page.getByRole('listitem').filter({ hasText: repeating });
  await expect(repeatingItem).toContainText('First and Third Tuesday of the Month');
  await expect(repeatingItem).toContainText('6:30pm–8:30pm');

  // Add a single-date event.
  const date = daysAhead(3);
  await page.getByRole('link', { name: 'Add Event' }).click();
  await page.getByLabel('Single date').check();
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByLabel('Name').fill(single);
  await page.getByLabel('Address 1').fill('1512 Shattuck Ave');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('listitem').filter({ hasText: single })).toContainText(
    'Single date:',
  );

  // Both are on the public chapter page.
  await page.getByRole('link', { name: 'View chapter page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Berkeley' })).toBeVisible();
  await expect(page.getByText(single).first()).toBeVisible();
  await expect(page.getByText(repeating).first()).toBeVisible();

  // Edit the single-date event: its new name shows; back to the list two levels up.
  await page.goto(`${adminPath}/events`);
  await page.getByRole('link', { name: `Edit ${single}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(single);
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(date);
  await expectAccessible(page);
  await page.getByLabel('Name').fill(`${single} Party`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { name: `${single} Party` })).toBeVisible();

  // Delete it, after a confirmation; a cancel keeps it.
  await page.getByRole('link', { name: `Edit ${single} Party` }).click();
  await page.getByRole('button', { name: 'Delete Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this event?' });
  // Checked once it has faded in: half-way, its text is too faint for axe.
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await dialog.getByRole('button', { name: 'Delete Event' }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { name: `${single} Party` })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: repeating })).toBeVisible();
  await page.goto(chapterPath);
  await expect(page.getByText(repeating).first()).toBeVisible();
  await expect(page.getByText(`${single} Party`)).toHaveCount(0);
});

test('links: add two, see them on the chapter page, refuse a bad URL, delete one', async ({
  page,
}) => {
  await open(page, `${adminPath}/links`);
  await expect(page.getByRole('heading', { level: 1, name: 'Links' })).toBeVisible();
  await expect(page.getByText('Leave a URL blank to delete.')).toBeVisible();
  await expectAccessible(page);
  const rows = await page.getByRole('textbox', { name: /^URL of link/ }).count();
  const last = rows; // the blank row at the end
  await page.getByLabel(`Title of link ${last}`).fill('Our Mastodon');
  await page.getByLabel(`URL of link ${last}`).fill('https://mastodon.example/@berkeley');
  await page.getByRole('button', { name: 'Add Another' }).click();
  await expect(page.getByLabel(`Title of link ${last + 1}`)).toBeFocused();
  await page.getByLabel(`Title of link ${last + 1}`).fill('Reservations');
  await page.getByLabel(`URL of link ${last + 1}`).fill('https://tables.example/berkeley');
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  // The saved rows, and a blank one after them.
  await expect(page.getByLabel(`URL of link ${last + 2}`)).toHaveValue('');

  // A URL that is not a web address is refused, on its own row.
  await page.getByLabel(`Title of link ${last + 2}`).fill('Bad');
  await page.getByLabel(`URL of link ${last + 2}`).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Enter a web address starting with http(s)://')).toBeVisible();
  await page.getByLabel(`URL of link ${last + 2}`).fill('');
  await page.getByLabel(`Title of link ${last + 2}`).fill('');

  await page.goto(chapterPath);
  const links = page.getByRole('region', { name: 'Links' });
  await expect(links.getByRole('link', { name: 'Our Mastodon' })).toHaveAttribute(
    'href',
    'https://mastodon.example/@berkeley',
  );
  await expect(links.getByRole('link', { name: 'Reservations' })).toBeVisible();

  // A blank URL deletes the link.
  await page.goto(`${adminPath}/links`);
  await page.getByLabel(`URL of link ${last + 1}`).fill('');
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.getByLabel(`Title of link ${last + 1}`)).toHaveValue('');
  await page.goto(chapterPath);
  await expect(page.getByRole('link', { name: 'Our Mastodon' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reservations' })).toHaveCount(0);
});

test('notes: a note is required, then saved to the archive with its author', async ({
  page,
  admin,
}) => {
  const text = `Ask the Cheese Board about a second table ${Date.now()}`;
  await open(page, `${adminPath}/notes`);
  await expect(page.getByRole('heading', { level: 2, name: 'Note Archive' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Note is Required')).toBeVisible();
  await page.getByLabel('Note Text').fill(text);
  await page.getByLabel(/Admin Only/).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.getByLabel('Note Text')).toHaveValue('');
  const saved = page.getByRole('listitem').filter({ hasText: text });
  await expect(saved).toContainText('Admin Only');
  await expect(saved.getByRole('link', { name: admin.email })).toBeVisible();
  await page.reload();
  await expect(page.getByText(text)).toBeVisible();
});

test('press mentions: add one that shows on the chapter page, edit it, hide and delete it', async ({
  page,
}) => {
  const title = `Berkeley diners talk housing ${Date.now()}`;
  await open(page, `${adminPath}/press_mentions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Press Mentions' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Add Press Mention' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Press Mention' })).toBeVisible();
  await expectAccessible(page);
  // Messages show once a field is touched, and nothing is sent while invalid.
  await page.getByLabel('Title').focus();
  await page.getByLabel('URL').focus();
  await expect(page.getByText('Title is Required')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('URL is Required')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('URL').fill('https://news.example/berkeley-diners');
  await page.getByLabel('Notes').fill('A short piece in the local paper.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/press_mentions$/);
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Visible');

  await page.goto(chapterPath);
  const press = page.getByRole('region', { name: 'In the Press' });
  await expect(press.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    'https://news.example/berkeley-diners',
  );

  // Edit: hide it; it leaves the public page.
  await page.goto(`${adminPath}/press_mentions`);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Press Mention' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expectAccessible(page);
  await page.getByLabel(/^Visible/).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/press_mentions$/);
  await expect(item).toContainText('Hidden');
  await page.goto(chapterPath);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  // Delete it, after the confirmation.
  await page.goto(`${adminPath}/press_mentions`);
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await page.getByRole('button', { name: 'Delete (cannot be undone)' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this press mention?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/admin\/press_mentions$/);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

test('hosts: the lists, and an admin adds and removes a field organizer', async ({
  page,
  admin,
}) => {
  await open(page, `${adminPath}/hosts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Chapter Hosts' })).toBeVisible();
  const hosts = page.getByRole('region', { name: 'Hosts', exact: true });
  const organizers = page.getByRole('region', { name: 'Field Organizers' });
  await expect(hosts.getByRole('listitem').first()).toContainText('Chapter Host');
  await expectAccessible(page);

  // The search needs two characters.
  await page.getByLabel('Search users by name or email').fill('z');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Type at least 2 characters')).toBeVisible();
  await page.getByLabel('Search users by name or email').fill('admin@');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByRole('listitem').filter({ hasText: admin.email });
  await expect(found).toBeVisible();
  await expect(hosts.getByRole('link').first()).toHaveAttribute('href', /^\/admin\/users\/\d+$/);
  await expectAccessible(page);
  await found.getByRole('button', { name: /^Make Field Organizer/ }).click();
  const added = organizers.getByRole('listitem').filter({ hasText: admin.email });
  await expect(added).toContainText('Field Organizer');
  await expect(found.getByRole('button', { name: /^Make Field Organizer/ })).toHaveCount(0);

  await added.getByRole('button', { name: /^Remove/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('will no longer be a Field Organizer');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(organizers.getByText(admin.email)).toHaveCount(0);
});

test('a host sees the notes and hosts without the admin-only parts', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `host-${Date.now()}@example.org`;
  const hostContext = await browser.newContext({ baseURL, storageState: undefined });
  const host = await hostContext.newPage();
  const signup = await host.request.post('/api/auth/signup', {
    data: { name: 'Hana Host', email, password: 'host-password', passwordMatch: 'host-password' },
  });
  expect(signup.ok()).toBe(true);

  // The admin makes them a host, and writes an Admin Only note they must not see.
  const secret = `For admins only ${Date.now()}`;
  await open(page, `${adminPath}/hosts`);
  await page.getByLabel('Search users by name or email').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Make Chapter Host: Hana Host' }).click();
  const hosts = page.getByRole('region', { name: 'Hosts', exact: true });
  await expect(hosts.getByRole('listitem').filter({ hasText: email })).toBeVisible();
  await page.goto(`${adminPath}/notes`);
  await page.getByLabel('Note Text').fill(secret);
  await page.getByLabel(/Admin Only/).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(secret)).toBeVisible();

  await host.goto(`${adminPath}/notes`);
  await expect(host.getByRole('heading', { level: 2, name: 'Note Archive' })).toBeVisible();
  await expect(host.getByLabel('Note Text')).toBeVisible();
  await expect(host.getByLabel(/Admin Only/)).toHaveCount(0);
  await expect(host.getByText(secret)).toHaveCount(0);
  const note = `From the host ${Date.now()}`;
  await host.getByLabel('Note Text').fill(note);
  await host.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(host.getByRole('listitem').filter({ hasText: note })).toContainText('Hana Host');
  await expectAccessible(host);

  await host.goto(`${adminPath}/hosts`);
  await expect(host.getByText(email)).toBeVisible();
  await expect(host.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(host.getByLabel('Search users by name or email')).toHaveCount(0);
  // People's admin pages are for admins: a host sees their names as plain text.
  await expect(host.getByRole('link', { name: 'Hana Host', exact: true })).toHaveCount(0);
  await expectAccessible(host);
  await hostContext.close();

  // Put things back: the admin removes the host.
  await page.goto(`${adminPath}/hosts`);
  await page.getByRole('button', { name: 'Remove Hana Host as Chapter Host' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(email)).toHaveCount(0);
});

test("settings: an admin changes a chapter's slug and stays on its settings, saved", async ({
  page,
}) => {
  const oldPath = '/chapter/tx/drinking-liberally-austin/admin/settings';
  await open(page, oldPath);
  await page.getByLabel('Slug').fill('drinking-liberally-austin-tx');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/chapter\/tx\/drinking-liberally-austin-tx\/admin\/settings$/);
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.getByLabel('Slug')).toHaveValue('drinking-liberally-austin-tx');
  // Put it back for the other tests.
  await page.getByLabel('Slug').fill('drinking-liberally-austin');
  await page.getByRole('button', { name: /^Saved?$/ }).click();
  await expect(page).toHaveURL(/\/chapter\/tx\/drinking-liberally-austin\/admin\/settings$/);
});
