// Posts in the chapter admin (issue 35): a host writes a post in the editor Send Email uses,
// without emailing anyone; changes it; emails one only when the box is ticked, asked first with
// the count; and deletes one after a confirmation. At 1280 and 390 px, with axe at each step.
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const WIDTHS = [
  { width: 1280, height: 900, state: 'ma', slug: 'drinking-liberally-cambridge' },
  { width: 390, height: 844, state: 'nc', slug: 'drinking-liberally-durham' },
] as const;

for (const { width, height, state, slug } of WIDTHS) {
  test(`at ${width} px a host writes, changes, emails and deletes chapter posts`, async ({
    page,
    browser,
    baseURL,
    admin,
    outbox,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const stamp = Date.now();
    const hostEmail = `posts-host-${width}-${stamp}@example.org`;
    await register(page, 'Pat Poster', hostEmail);
    await grantRole(browser, baseURL!, admin, hostEmail, slug, ROLE_ID.chapterHost);
    const chapterPage = `/chapter/${state}/${slug}`;
    const sentBefore = outbox.all().length;

    // Posts is in the chapter admin's menu.
    await page.goto(`${chapterPage}/admin`);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Chapter admin' })
      .getByRole('link', { name: 'Posts' })
      .click();
    await expect(page.getByRole('heading', { name: 'Posts', exact: true })).toBeVisible();
    await expectAccessible(page);

    // Written in the rich-text editor, saved without emailing anyone.
    const title = `Picnic ${width} ${stamp}`;
    await page.getByRole('link', { name: 'Write a post' }).click();
    await expect(page.getByRole('heading', { name: 'Write a Post' })).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Post' }).click();
    await page.keyboard.type('Bring ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('bread.');
    const emailBox = page.getByLabel('Also email it to the list');
    await expect(emailBox).not.toBeChecked();
    await evidence(page, `chapter-post-write-${width}`, { fullPage: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await evidence(page, `chapter-posts-${width}`, { fullPage: true });
    await expectAccessible(page);

    // Changed: the new title on the list and on the chapter page, the bold kept.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('Title').fill(`${title}, moved`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { name: `${title}, moved` })).toBeVisible();
    await page.goto(chapterPage);
    await expect(page.getByRole('heading', { name: `${title}, moved` })).toBeVisible();
    await expect(page.locator('strong', { hasText: 'bread.' }).first()).toBeVisible();
    expect(
      outbox
        .all()
        .slice(sentBefore)
        .filter((m) => m.subject.includes(title)),
      'mail about a post nobody asked to email',
    ).toEqual([]);

    if (width === 1280) {
      // Ticked, it goes through Send Email's send, asked first with the member count.
      const emailed = `Quiz ${stamp}`;
      await page.goto(`${chapterPage}/admin/posts/add`);
      await page.getByLabel('Title').fill(emailed);
      await page.getByRole('textbox', { name: 'Post' }).click();
      await page.keyboard.type('Teams of four.');
      await emailBox.check();
      await page.getByRole('button', { name: 'Save and email' }).click();
      const ask = page.getByRole('dialog', { name: 'Send this email?' });
      await expect(ask).toContainText(
        new RegExp(`Send '${emailed}' to [\\d,]+ members? of Cambridge\\?`),
      );
      await expect(ask).toHaveCSS('opacity', '1');
      await evidence(page, `chapter-post-ask-${width}`);
      await expectAccessible(page);
      await ask.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('heading', { name: emailed })).toBeVisible();
      await expect(page.getByRole('heading', { name: emailed })).toHaveCount(1);
      await expect.poll(() => outbox.all().some((m) => m.subject === emailed)).toBe(true);
    }

    // Deleted after a confirmation; a cancel keeps it.
    await page.goto(`${chapterPage}/admin/posts`);
    const moved = `${title}, moved`;
    await page.getByRole('button', { name: `Delete ${moved}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toHaveCSS('opacity', '1');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: moved })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${moved}` }).click();
    await dialog.getByRole('button', { name: 'Delete Post' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: moved })).toHaveCount(0);
  });
}
