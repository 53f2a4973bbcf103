// Send Email before the send (spec 2 §2): the count of members it reaches, a preview of a
// member's copy, a test to the host alone, and a send that is not posted on the chapter page,
// on a desktop and on a phone.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './harness';
import { evidence } from './evidence';
import { register } from './accounts';
import { ROLE_ID, grantRole } from './roles';

const WIDTHS = [
  { width: 1280, height: 900, state: 'pa', slug: 'laughing-liberally-philadelphia' },
  { width: 390, height: 844, state: 'dc', slug: 'reading-liberally-u-street' },
] as const;

/**
 * expectAccessible with the preview frame left out: no script may run in it (that is what its
 * sandbox is for), so axe cannot look inside. Its page around it is checked.
 */
async function expectAccessibleAroundPreview(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('.email-preview-frame').analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, 'serious or critical accessibility violations').toEqual([]);
}

/** Nothing on the page is wider than the window. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the window').toBeLessThanOrEqual(0);
}

for (const { width, height, state, slug } of WIDTHS) {
  test(`at ${width} px a host previews, tests and sends an email without a post`, async ({
    page,
    browser,
    baseURL,
    admin,
    outbox,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    // The test tools' own scripts, refused by the preview frame's sandbox as they should be.
    consoleErrors.allow(/Blocked script execution in 'about:srcdoc'/);
    await page.setViewportSize({ width, height });
    const stamp = Date.now();
    const hostEmail = `email-host-${width}-${stamp}@example.org`;
    await register(page, 'Esther Emailer', hostEmail);
    await grantRole(browser, baseURL!, admin, hostEmail, slug, ROLE_ID.chapterHost);
    const chapterPage = `/chapter/${state}/${slug}`;

    // The count is the server's: the active contacts of the chapter's list.
    const chapter = (await (await page.request.get(`/api/chapter/slug/${slug}`)).json()) as {
      id: number;
      title: string;
    };
    const { contacts } = (await (
      await page.request.get(`/api/mailing_list/chapter/${chapter.id}/contacts`)
    ).json()) as { contacts: { email: string; status: string }[] };
    const members = contacts.filter((c) => c.status === 'active').map((c) => c.email);
    expect(members.length).toBeGreaterThan(0);

    await page.goto(`${chapterPage}/admin/email`);
    await expect(page.getByRole('heading', { name: 'Send Email' })).toBeVisible();
    await expect(page.getByTestId('recipient-count')).toHaveText(
      `${members.length} members will receive it.`,
    );
    const postBox = page.getByLabel('Also post it on the chapter page');
    await expect(postBox).toBeChecked();

    // The toolbar: the everyday controls, the rest behind "More".
    const more = page.getByRole('button', { name: 'More formatting' });
    await expect(page.getByRole('button', { name: 'Bold' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Table' })).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Table' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Font' })).toBeVisible();
    await expectNoSideScroll(page);

    const subject = `Quiz night ${width} ${stamp}`;
    await page.getByLabel('Title').fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Bring a team of four. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Prizes for everyone.');
    await evidence(page, `send-email-${width}`, { fullPage: true });
    await expectAccessible(page);

    // The actions in the order a careful sender takes them; Send, the filled one, last.
    const actions = page.getByTestId('email-actions').getByRole('button');
    await expect(actions).toHaveText(['Preview', 'Email me a test', 'Send']);
    await expect(actions.last()).toHaveClass(/btn-primary/);
    await expect(actions.first()).not.toHaveClass(/btn-primary/);
    const question = `Send '${subject}' to ${members.length.toLocaleString('en-US')} members of ${chapter.title}?`;

    // Preview: the member's copy, rendered by the server, in a frame that runs nothing.
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(subject)).toBeVisible();
    const frameElement = dialog.locator('iframe.email-preview-frame');
    await expect(frameElement).toHaveAttribute(
      'sandbox',
      'allow-popups allow-popups-to-escape-sandbox',
    );
    const frame = dialog.frameLocator('iframe.email-preview-frame');
    await expect(frame.getByText('Bring a team of four.')).toBeVisible();
    await expect(frame.locator('strong', { hasText: 'Prizes for everyone.' })).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
    await evidence(page, `send-email-preview-${width}`);
    await expectAccessibleAroundPreview(page);
    // The preview sends too, asking first; a cancel there sends nothing.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Send this email?' });
    await expect(ask).toContainText(question);
    await expect(ask).toHaveCSS('opacity', '1');
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(dialog).toBeHidden();

    // A test goes to the host, and only to the host.
    await page.getByRole('button', { name: 'Email me a test' }).click();
    await expect(page.getByText(`A test went to ${hostEmail}.`)).toBeVisible();
    const trial = await outbox.latestTo(hostEmail);
    expect(trial.subject).toBe(`[Test] ${subject}`);
    expect(trial.html).toContain('<strong>Prizes for everyone.</strong>');
    expect(trial.text).toMatch(/Unsubscribe: https?:\/\//);
    expect(
      outbox.all().filter((m) => m.subject.includes(subject) && !m.to.includes(hostEmail)),
      'mail about this message to anyone but the host, before the send',
    ).toEqual([]);

    // Sent without a post: the members get it, the chapter page does not show it.
    await postBox.uncheck();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(ask).toContainText(question);
    await evidence(page, `send-email-ask-${width}`);
    await ask.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Email sent successfully to all chapter members!')).toBeVisible();
    // The host stays in the admin area, told what became of the send (issue 21).
    await expect(page.getByTestId('email-sent-summary')).toContainText(
      'It was not posted on the chapter page.',
    );
    await expect(page).toHaveURL(new RegExp(`${chapterPage}/admin/email$`));
    const copy = await outbox.latestTo(members[0]!);
    expect(copy.subject).toBe(subject);
    await page.goto(chapterPage);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: subject })).toHaveCount(0);

    // It still counts as the chapter's activity.
    const after = (await (await page.request.get(`/api/chapter/slug/${slug}`)).json()) as {
      lastBlogPostDate: string | null;
    };
    // The send's own moment: after this test began, however long the test took (issue 31, item 7).
    expect(Date.parse(after.lastBlogPostDate ?? '1970-01-01')).toBeGreaterThanOrEqual(stamp);
  });
}
