// Site admin: the network's blog posts, pages, wiki pages and press mentions (spec 2 §2 and
// Editor screens), each written here and then read on the public site by a visitor.
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { expectFitsPhone, openAdmin, useAdminSession } from './admin-session';

useAdminSession('admin-content');

/** Opens `path` as a signed-out visitor and hands the page to `check`. */
async function asVisitor(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  check: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL, storageState: undefined });
  try {
    const page = await context.newPage();
    await page.goto(path);
    await check(page);
  } finally {
    await context.close();
  }
}

async function typeBody(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('a blog post: written, edited and read by a visitor', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const slug = `summer_${stamp}`;
  await openAdmin(page, '/admin/blog', 'Blog Posts');
  await expect(
    page.getByText('admin@example.org').or(page.getByText('Site Admin')).first(),
  ).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByRole('link', { name: 'Add Blog Post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Blog Post' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Image' })).toBeVisible();
  await expect(page.getByLabel(/^Public/)).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Title is Required')).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByLabel('Title').fill(`Summer of Organizing ${stamp}`);
  await page.getByLabel('Slug').fill('Not A Slug');
  await expect(page.getByText('Use lowercase letters, numbers and underscores only')).toBeVisible();
  await page.getByLabel('Slug').fill(slug);
  await typeBody(page, 'Twelve new chapters met for the first time this summer.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const row = page.getByRole('listitem').filter({ hasText: `Summer of Organizing ${stamp}` });
  await expect(row.getByText('Public')).toBeVisible();

  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeVisible();
  await page.getByLabel('Title').fill(`Summer of Organizing, revised ${stamp}`);
  await typeBody(page, ' Thank you, hosts!');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await page.getByRole('link', { name: 'All Blog Posts' }).click();
  await expect(
    page.locator('.fw-semibold', { hasText: `Summer of Organizing, revised ${stamp}` }),
  ).toBeVisible();

  await asVisitor(browser, baseURL, `/blog/${slug}`, async (visitor) => {
    await expect(
      visitor.getByRole('heading', { level: 1, name: `Summer of Organizing, revised ${stamp}` }),
    ).toBeVisible();
    await expect(visitor.getByText('Thank you, hosts!')).toBeVisible();
  });
});

test('a page: its slug fixed once made; public to visitors', async ({ page, browser, baseURL }) => {
  const stamp = Date.now().toString(36);
  const slug = `code_of_conduct_${stamp}`;
  await openAdmin(page, '/admin/pages', 'Pages');
  await expect(page.getByText('chapter_resources')).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole('link', { name: 'Add Page' }).click();
  await expect(page.getByRole('button', { name: 'Image' })).toHaveCount(0);
  await expect(page.getByLabel(/^Public/)).toBeChecked();
  await page.getByLabel('Title').fill('Code of Conduct');
  await page.getByLabel('Slug').fill(slug);
  await typeBody(page, 'Everyone is welcome at our tables.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);

  await page.goto(`/admin/pages/edit/${slug}`);
  await expect(page.getByLabel('Slug')).toHaveAttribute('readonly', '');
  await page.getByLabel('Title').fill('');
  await expect(page.getByText('Title is Required')).toBeVisible();
  await page.getByLabel('Title').fill('Our Code of Conduct');
  await typeBody(page, ' Disagree without being disagreeable.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expectAccessible(page);

  await asVisitor(browser, baseURL, `/page/${slug}`, async (visitor) => {
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Our Code of Conduct' }),
    ).toBeVisible();
    await expect(visitor.getByText('Disagree without being disagreeable.')).toBeVisible();
  });
});

test('wiki pages: a new one, public; one that cannot be edited here', async ({
  page,
  browser,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const slug = `venue_checklist_${stamp}`;
  await openAdmin(page, '/admin/wiki', 'Wiki Pages');
  const titles = await page.locator('.list-group-item .fw-semibold').allTextContents();
  expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Field Organizer Playbook' }).getByText('Private'),
  ).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByRole('link', { name: 'Add Wiki Page' }).click();
  await expect(page.getByLabel(/^Public/)).toBeChecked();
  await page.getByLabel('Title').fill('Venue Checklist');
  await page.getByLabel('Slug').fill(slug);
  await typeBody(page, 'A back room, a fair price, and a bartender who likes us.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/wiki$/);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Venue Checklist' })
    .getByRole('link', { name: /^Edit/ })
    .click();
  await typeBody(page, ' Wheelchair access too.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

  await asVisitor(browser, baseURL, `/wiki/${slug}`, async (visitor) => {
    await expect(visitor.getByRole('heading', { level: 1, name: 'Venue Checklist' })).toBeVisible();
    await expect(visitor.getByText('Wheelchair access too.')).toBeVisible();
  });

  await page.goto('/admin/wiki/edit/mailing_list_signups');
  await expect(
    page.getByText(
      'This page cannot be edited directly: the text editor would ruin its formatting.',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Body' })).toHaveCount(0);
  await expectAccessible(page);
});

test('press mentions of the network: add, edit, see them public, delete', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Hosts on the radio ${Date.now().toString(36)}`;
  await openAdmin(page, '/admin/press_mentions', 'Press Mentions');
  await expect(page.getByText('Social clubs for the politically engaged')).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  await page.getByRole('link', { name: 'Add Press Mention' }).click();
  await page.getByLabel('Title').focus();
  await page.getByLabel('URL').focus();
  await expect(page.getByText('Title is Required')).toBeVisible();
  await page.getByLabel('Title').focus();
  await expect(page.getByText('URL is Required')).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('URL').fill('https://radio.example.org/hosts');
  await page.getByLabel('Notes').fill('Three hosts on the morning show.');
  await page.getByLabel(/^Visible/).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/press_mentions$/);
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('Hidden')).toBeVisible();

  await item.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Press Mention' })).toBeVisible();
  await page.getByLabel(/^Visible/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: title }).getByText('Visible'),
  ).toBeVisible();

  await asVisitor(browser, baseURL, '/press_mentions', async (visitor) => {
    await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  });

  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await page.getByRole('button', { name: 'Delete (cannot be undone)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/press_mentions$/);
  await expect(page.getByText(title)).toHaveCount(0);
});

test('Content and Surveys are still to come', async ({ page }) => {
  for (const [path, heading] of [
    ['/admin/content', 'Content'],
    ['/admin/surveys', 'Surveys'],
  ] as const) {
    await openAdmin(page, path, heading);
    await expect(page.getByText('Coming Soon!')).toBeVisible();
    await expectAccessible(page);
  }
  await expectFitsPhone(page);
});
