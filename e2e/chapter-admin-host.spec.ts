import sharp from 'sharp';
import { expect, expectAccessible, test } from './harness';
import { register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const CHAPTER = 'drinking-liberally-chicago';
const CHAPTER_PAGE = `/chapter/il/${CHAPTER}`;
const ADMIN_AREA = `${CHAPTER_PAGE}/admin`;

test('a host writes the page, uploads a header image, adds members and emails them', async ({
  page,
  browser,
  baseURL,
  admin,
  outbox,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  // The upload of a text file below is refused on purpose.
  consoleErrors.allow(/400 \(Bad Request\) \(.*\/api\/chapter\/header_image\//);
  const hostEmail = `host-${Date.now()}@example.org`;
  await register(page, 'Harriet Host', hostEmail);
  await grantRole(browser, baseURL!, admin, hostEmail, CHAPTER, ROLE_ID.chapterHost);

  // The chapter page offers the admin tools to its host (the start-up check loads the new role).
  await page.goto(CHAPTER_PAGE);
  await page.getByRole('link', { name: 'Chapter Admin Tools' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Chapter admin' });
  await expect(menu.getByRole('link', { name: 'Chapter Settings' })).toHaveCount(0);
  await expectAccessible(page);

  // Chapter Settings is for field organizers: a host who goes there sees why they cannot save.
  await page.goto(`${ADMIN_AREA}/settings`);
  await expect(
    page.getByText('You must be a Field Organizer or Admin to save changes to Chapter Settings'),
  ).toBeVisible();
  await expect(page.getByLabel('Title')).toBeDisabled();

  // Page Content: a header image (a PNG, stored as JPEG) and the about text.
  await menu.getByRole('link', { name: 'Page Content' }).click();
  const png = await sharp({
    create: { width: 1200, height: 300, channels: 3, background: '#1f5fa8' },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel('Upload a new header image')
    .setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('img', { name: "The chapter's header" })).toBeVisible();
  await page
    .getByLabel('Upload a new header image')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByText('This file is not an image we can read.', { exact: false }),
  ).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'About the chapter' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' New this winter: a book swap.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expectAccessible(page);

  // Members: three addresses, one of them not an address at all.
  const stamp = Date.now();
  const members = [`m1-${stamp}@example.org`, `m2-${stamp}@example.org`];
  await menu.getByRole('link', { name: 'Members' }).click();
  await page.getByRole('link', { name: 'Add Members' }).click();
  await page
    .getByLabel("New members' email addresses")
    .fill(`${members[0]}, not-an-address\n${members[1]}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('2 addresses added.')).toBeVisible();
  await expect(page.getByText('not-an-address:', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'All Members' }).click();
  await expect(page.getByText(members[0]!)).toBeVisible();
  await expectAccessible(page);

  // Send Email: confirmed, sent, told so in the admin area, and a post on the chapter page.
  await menu.getByRole('link', { name: 'Send Email' }).click();
  const subject = `Winter schedule ${stamp}`;
  await page.getByLabel('Title').fill(subject);
  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.type('We meet at the usual place. Bring a friend!');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Send this email?' });
  await expect(ask).toContainText(new RegExp(`Send '${subject}' to [\\d,]+ members of Chicago\\?`));
  await ask.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Email sent successfully to all chapter members!')).toBeVisible();
  const summary = page.getByTestId('email-sent-summary');
  await expect(summary).toContainText('It is also posted on the chapter page.');
  await summary.getByRole('link', { name: 'chapter page' }).click();
  await expect(page).toHaveURL(new RegExp(`${CHAPTER_PAGE}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('New this winter: a book swap.')).toBeVisible();
  await expect(page.locator('img.chapter-header-image')).toBeVisible();

  // The mail arrives with an unsubscribe link that works.
  const mail = await outbox.latestTo(members[1]!);
  expect(mail.subject).toBe(subject);
  const link = /https?:\/\/[^\s"<>]+\/unsubscribe\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, 'an unsubscribe link in the message').toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(`${members[1]} is unsubscribed`, { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test("a field organizer changes the chapter settings; the slug stays the admins'", async ({
  page,
  browser,
  baseURL,
  admin,
}) => {
  const email = `organizer-${Date.now()}@example.org`;
  await register(page, 'Fiona Organizer', email);
  await grantRole(browser, baseURL!, admin, email, CHAPTER, ROLE_ID.fieldOrganizer);
  await page.goto(ADMIN_AREA);
  await page
    .getByRole('navigation', { name: 'Chapter admin' })
    .getByRole('link', { name: 'Chapter Settings' })
    .click();
  await expect(page.getByLabel('Slug')).toBeDisabled();
  await expect(page.getByText('@drinkingliberally.org')).toBeVisible();
  await page.getByLabel('Title').fill('');
  await expect(page.getByText('Title is Required')).toBeVisible();
  await page.getByLabel('Title').fill('Chicago Bucktown');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.goto(CHAPTER_PAGE);
  await expect(page.getByRole('heading', { name: 'Chicago Bucktown' })).toBeVisible();
});
