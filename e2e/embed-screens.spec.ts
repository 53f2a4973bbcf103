// "Embed on your site" (issue 36): in a chapter's admin tools and in the site admin tools, the
// screen writes the snippet and the frame code for the chosen options, previews the widget as a
// partner's page will show it, and copies the code.
import { expect, expectAccessible, test } from './harness';
import { openAdmin, useAdminSession } from './admin-session';
import { evidence } from './evidence';
import type { Page } from '@playwright/test';

/**
 * A host sees all the code they copy (every code box as tall as its code, long lines wrapped)
 * and the page is no wider than the screen (the long URLs wrap).
 */
async function expectWholeCodeOnScreen(page: Page) {
  const boxes = page.locator('.embed-builder textarea');
  await expect(boxes.first()).toBeVisible();
  for (const box of await boxes.all()) {
    const fits = await box.evaluate((el) => el.scrollHeight <= el.clientHeight);
    expect(fits, 'the code box shows all its code').toBe(true);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways by').toBe(0);
}

useAdminSession('embed-screens');

const CHAPTER = 'drinking-liberally-upper-west-side';

for (const width of [390, 1280]) {
  test(`a chapter's embed code at ${width} px: options, preview and Copy`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/chapter/ny/${CHAPTER}/admin/embed`);
    await expect(page.getByRole('heading', { level: 1, name: 'Embed on your site' })).toBeVisible();
    const snippet = page.getByLabel('Paste this where the meetings should appear');
    await expect(snippet).toHaveValue(
      `<script src="${baseURL}/embed.js" async></script>\n` +
        `<chapters-events chapter="${CHAPTER}" limit="3"></chapters-events>`,
    );
    const preview = page.locator('.embed-preview chapters-events');
    await expect(preview.getByRole('listitem')).toHaveCount(3);

    await page.getByLabel('Meetings shown').selectOption('2');
    await page.getByLabel('Colours').selectOption('dark');
    await expect(snippet).toHaveValue(/limit="2" theme="dark"/);
    await expect(page.getByLabel('Or this frame, for sites that allow no script')).toHaveValue(
      new RegExp(`src="${baseURL}/embed/chapter/${CHAPTER}\\?limit=2&amp;theme=dark"`),
    );
    await expect(preview.getByRole('listitem')).toHaveCount(2);
    await expectWholeCodeOnScreen(page);

    await page.getByRole('button', { name: 'Copy' }).first().click();
    await expect(page.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `chapter="${CHAPTER}" limit="2" theme="dark"`,
    );
    await expect(
      page.getByRole('link', { name: new RegExp(`/chapters/${CHAPTER}/posts.atom$`) }),
    ).toBeVisible();
    await expectAccessible(page);
    await evidence(page, `embed-chapter-${width}`, { fullPage: true });
  });
}

for (const width of [390, 1280]) {
  test(`the network's embed code for a state and a type at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    await openAdmin(page, '/admin/embed', 'Embed on your site');
    // After the admin tools' menu is found: a phone's is folded away.
    await page.setViewportSize({ width, height: 900 });
    const snippet = page.getByLabel('Paste this where the meetings should appear');
    await expect(snippet).toHaveValue(/<chapters-events limit="3"><\/chapters-events>$/);
    // Every chapter: no frame (a frame shows one state).
    await expect(page.getByLabel('Or this frame, for sites that allow no script')).toHaveCount(0);
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('Chapter type').selectOption('reading');
    await expect(snippet).toHaveValue(/<chapters-events state="ny" type="reading" limit="3">/);
    await expect(page.getByLabel('Or this frame, for sites that allow no script')).toHaveValue(
      new RegExp(`src="${baseURL}/embed/state/ny\\?limit=3&amp;type=reading"`),
    );
    await expect(page.getByLabel('The map of these chapters, in a frame')).toHaveValue(
      new RegExp(`src="${baseURL}/embed/map\\?state=ny&amp;type=reading"`),
    );
    const preview = page.locator('.embed-preview chapters-events');
    await expect(
      preview.getByRole('link', { name: 'Reading Liberally in New York' }),
    ).toBeVisible();
    await expect(preview.getByRole('listitem').first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp('/api/chapter_calendar/state/ny/events.ics$') }),
    ).toBeVisible();
    await expectWholeCodeOnScreen(page);
    await expectAccessible(page);
    await evidence(page, `embed-admin-${width}`, { fullPage: true });
  });
}
