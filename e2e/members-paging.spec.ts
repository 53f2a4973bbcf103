// The Members screen a page at a time (issue 23): 300 members added through the app's own call,
// then the total, Previous and Next, the page kept in the address over a reload, a debounced
// search, the status filter, removing a member from a page, and the CSV export; at 1280 and
// 390 px.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { addChapterMembers } from './memberLists';
import { ROLE_ID, grantRole } from './roles';

const SLUG = 'drinking-liberally-durham';
const ADDED = 300;

/** The chapter's list with ADDED more members; its Members screen's path and total. */
async function chapterWithMembers(page: Page, stamp: number) {
  const emails = Array.from({ length: ADDED }, (_, i) => `paging-${stamp}-${i + 1}@example.org`);
  const chapter = await addChapterMembers(page, SLUG, emails);
  const { total } = (await (
    await page.request.get(`/api/mailing_list/chapter/${chapter.id}/members?pageSize=1`)
  ).json()) as { total: number };
  expect(total).toBeGreaterThanOrEqual(ADDED);
  return { path: `${chapter.adminPath}/members`, total };
}

test('a host pages, searches, filters and exports a list of hundreds of members', async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now();
  const hostEmail = `members-host-${stamp}@example.org`;
  await register(page, 'Mona Members', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, SLUG, ROLE_ID.chapterHost);
  const { path, total } = await chapterWithMembers(page, stamp);
  const pages = Math.ceil(total / 50);

  await page.goto(path);
  await expect(
    page.getByRole('heading', { name: `${total.toLocaleString('en-US')} members` }),
  ).toBeVisible();
  const rows = page.locator('.list-group-item');
  await expect(rows).toHaveCount(50);
  // Newest first: the last of the 300 added in one call is at the top.
  await expect(rows.first()).toContainText(`paging-${stamp}-${ADDED}@example.org`);
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await evidence(page, 'members-1280', { fullPage: true });
  await expectAccessible(page);

  // Next, and the page is in the address: a reload shows it again.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(rows.first()).toContainText(`paging-${stamp}-${ADDED - 50}@example.org`);
  await page.reload();
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(rows.first()).toContainText(`paging-${stamp}-${ADDED - 50}@example.org`);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();

  // A search, asked for once typing rests: back to the first page, in the address.
  const searchBox = page.getByLabel('Search by name or email');
  await searchBox.pressSequentially(`paging-${stamp}-12`, { delay: 20 });
  await expect(page.getByRole('heading', { name: '11 members match' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=paging-${stamp}-12\\b`));
  await expect(rows).toHaveCount(11);
  await expect(page.getByRole('navigation', { name: 'Pages of members' })).toHaveCount(0);

  // The status filter: none of them is blocked.
  await page.getByLabel('Status').selectOption('blocked');
  await expect(page.getByText('No members match.')).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  await expect(page.getByRole('heading', { name: '11 members match' })).toBeVisible();

  // Removing a member from the page it is on.
  const gone = `paging-${stamp}-120@example.org`;
  await page.getByRole('button', { name: `Actions for ${gone}` }).click();
  await page.getByRole('button', { name: 'Delete member' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this member?' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: '10 members match' })).toBeVisible();
  await expect(page.getByText(gone)).toHaveCount(0);

  // The export: every member, as an attachment named for the chapter.
  const link = page.getByRole('link', { name: 'Export CSV' });
  const href = await link.getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-disposition']).toBe(`attachment; filename="${SLUG}-members.csv"`);
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe('email,name,status,joined,last_opened');
  expect(lines).toHaveLength(total);
  expect(lines.some((l) => l.startsWith(`paging-${stamp}-7@example.org,`))).toBe(true);
  expect(lines.some((l) => l.startsWith(`${gone},`))).toBe(false);
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe(`${SLUG}-members.csv`);
});

test('at 390 px the Members screen fits the phone', async ({ page, browser, baseURL, admin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now();
  const hostEmail = `members-phone-${stamp}@example.org`;
  await register(page, 'Pat Phone', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, SLUG, ROLE_ID.chapterHost);
  const chapter = (await (await page.request.get(`/api/chapter/slug/${SLUG}`)).json()) as {
    state: string;
  };
  await page.goto(`/chapter/${chapter.state.toLowerCase()}/${SLUG}/admin/members?page=2`);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.locator('.list-group-item')).toHaveCount(50);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
  await evidence(page, 'members-390', { fullPage: true });
  await expectAccessible(page);
});
