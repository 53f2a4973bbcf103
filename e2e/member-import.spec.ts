// Importing members from a CSV file (issue 23): a host picks a small file with a header, sees
// its first rows with the email and name columns named, imports it, and sees what was added,
// who was a member already and each refused line (a bad address, a repeat, a blocked address);
// the new members are then on the Members screen. At 1280 and 390 px.
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { addChapterMembers } from './memberLists';
import { ROLE_ID, grantRole } from './roles';

const SLUG = 'drinking-liberally-durham';

/** The Members screen's path, after putting `emails` on the chapter's list. */
const membersScreen = async (page: Page, emails: string[]) =>
  `${(await addChapterMembers(page, SLUG, emails)).adminPath}/members`;

/** An admin blocks `email` (on every list, as the Brevo tab's Block does). */
async function block(
  browser: Browser,
  baseURL: string,
  admin: { email: string; password: string },
  email: string,
) {
  const context = await browser.newContext({ baseURL });
  try {
    const signin = await context.request.post('/api/auth/signin', {
      data: { username: admin.email, password: admin.password },
    });
    expect(signin.ok()).toBe(true);
    const res = await context.request.post(
      `/api/admin/brevo/contact/${encodeURIComponent(email)}/block`,
      { data: {} },
    );
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await context.close();
  }
}

for (const width of [1280, 390]) {
  test(`a host imports a CSV file and sees its preview, result and refusals (${width} px)`, async ({
    page,
    browser,
    baseURL,
    admin,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const stamp = `${Date.now()}-${width}`;
    const hostEmail = `import-host-${stamp}@example.org`;
    await register(page, 'Ida Import', hostEmail);
    await grantRole(browser, baseURL!, admin, hostEmail, SLUG, ROLE_ID.chapterHost);
    const member = `import-member-${stamp}@example.org`;
    const blocked = `import-blocked-${stamp}@example.org`;
    const path = await membersScreen(page, [member, blocked]);
    await block(browser, baseURL!, admin, blocked);

    const csv = [
      'Name,Email Address,Phone',
      `Ann New,import-ann-${stamp}@example.org,555-0101`,
      `"Bo ""Bob"" New",import-bo-${stamp}@example.org,555-0102`,
      `Already Here,${member},`,
      'Not An Address,nobody-at-example.org,',
      `Ann Again,IMPORT-ANN-${stamp}@example.org,`,
      `Blocked Person,${blocked},`,
    ].join('\r\n');

    await page.goto(path);
    await page.getByRole('link', { name: 'Import Members' }).click();
    await expect(page.getByRole('heading', { name: 'Import Members' })).toBeVisible();
    await page.getByLabel('CSV file of members').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });

    // The preview: the header is named, the address and name columns are marked.
    await expect(page.getByRole('heading', { name: 'Preview of members.csv' })).toBeVisible();
    await expect(
      page.getByText('The first row names the columns and is not imported.'),
    ).toBeVisible();
    const preview = page.getByRole('table', { name: 'Preview of members.csv' });
    const heads = preview.locator('thead th');
    await expect(heads.nth(0)).toContainText('Name');
    await expect(heads.nth(1)).toContainText('Email');
    await expect(heads.nth(2)).toContainText('Not imported');
    await expect(preview.locator('tbody tr')).toHaveCount(6);
    await expect(preview.locator('tbody tr').nth(1)).toContainText('Bo "Bob" New');
    await expectAccessible(page);
    await evidence(page, `member-import-preview-${width}`, { fullPage: true });

    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
    const summary = page.getByRole('status').filter({ hasText: 'members added' });
    await expect(summary).toContainText('2 members added');
    await expect(summary).toContainText('1 was a member already');
    await expect(summary).toContainText('3 lines not imported');
    const refusals = page.getByRole('table', { name: 'Not imported' });
    const rows = refusals.locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('5');
    await expect(rows.nth(0)).toContainText('nobody-at-example.org');
    await expect(rows.nth(0)).toContainText('Not a valid email address.');
    await expect(rows.nth(1)).toContainText('Repeats line 2 of the file.');
    await expect(rows.nth(2)).toContainText(blocked);
    await expect(rows.nth(2)).toContainText('Blocked');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: /Download the 3 lines as CSV/ }).click();
    expect((await download).suggestedFilename()).toBe('not-imported.csv');
    if (width === 390) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
    }
    await expectAccessible(page);
    await evidence(page, `member-import-result-${width}`, { fullPage: true });

    // The new members are on the Members screen by name and address (issue 35): a search finds
    // either.
    await page.getByRole('link', { name: 'All Members' }).click();
    const searchBox = page.getByLabel('Search by name or email');
    await searchBox.fill(`import-bo-${stamp}`);
    const found = page.locator('.list-group-item');
    await expect(found).toHaveCount(1);
    await expect(found.first()).toContainText(`import-bo-${stamp}@example.org`);
    await expect(found.first().getByTestId('member-name')).toHaveText('Bo "Bob" New');
    await searchBox.fill('Ann New');
    await expect(found.filter({ hasText: `import-ann-${stamp}@example.org` })).toHaveCount(1);
    await expect(
      found.filter({ hasText: `import-ann-${stamp}@example.org` }).getByTestId('member-name'),
    ).toHaveText('Ann New');

    // Delete is in the row's menu, not a red button on every row, and asks first.
    await searchBox.fill(`import-bo-${stamp}`);
    await expect(found).toHaveCount(1);
    await expect(found.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await found.getByRole('button', { name: `Actions for import-bo-${stamp}@example.org` }).click();
    await page.getByRole('button', { name: 'Delete member' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this member?' });
    await expect(ask).toContainText(
      `Are you sure you want to delete import-bo-${stamp}@example.org?`,
    );
    await expect(ask).toHaveCSS('opacity', '1');
    await expectAccessible(page);
    await evidence(page, `member-delete-ask-${width}`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(found).toHaveCount(1);
    await found.getByRole('button', { name: `Actions for import-bo-${stamp}@example.org` }).click();
    await page.getByRole('button', { name: 'Delete member' }).click();
    await ask.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByText('No members match.')).toBeVisible();
    await searchBox.fill(`import-ann-${stamp}`);
    await expect(found).toHaveCount(1);
    await evidence(page, `members-names-${width}`, { fullPage: true });
    await expectAccessible(page);
  });
}

test('an empty file is refused before anything is sent', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  const stamp = Date.now();
  const hostEmail = `import-empty-${stamp}@example.org`;
  await register(page, 'Eve Empty', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, SLUG, ROLE_ID.chapterHost);
  const path = await membersScreen(page, [`import-empty-member-${stamp}@example.org`]);
  await page.goto(`${path}/import`);
  await page.getByLabel('CSV file of members').setInputFiles({
    name: 'empty.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\r\n\r\n'),
  });
  await expect(page.getByRole('alert')).toHaveText('empty.csv has no rows to import.');
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await expectAccessible(page);
});
