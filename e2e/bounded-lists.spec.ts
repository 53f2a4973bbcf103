// A chapter's press mentions and notes are bounded (issue 19, item 8): its page shows the
// newest few mentions with Load More for the rest, and the forms say so when a chapter is full.
// On the demo chapter in Minneapolis, which no other browser test uses: its press mentions are
// deleted again (the network's press page shows the newest); notes cannot be, so it keeps its 200.
import type { APIRequestContext } from '@playwright/test';
import { LIMITS } from '../src/common/constants';
import { useAdminSession } from './admin-session';
import { appDrawn, expect, test } from './harness';

useAdminSession('bounded-lists');

const chapterPath = '/chapter/mn/screening-liberally-minneapolis';
const adminPath = `${chapterPath}/admin`;

async function chapterId(api: APIRequestContext): Promise<number> {
  const res = await api.get('/api/chapter/slug/screening-liberally-minneapolis');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

/** Saves through the API as the signed-in admin, one after the other; answers what was saved. */
async function postMany<T>(api: APIRequestContext, url: string, data: object[]): Promise<T[]> {
  const saved: T[] = [];
  for (const one of data) {
    const res = await api.post(url, { data: one });
    expect(res.ok(), await res.text()).toBe(true);
    saved.push((await res.json()) as T);
  }
  return saved;
}

test('a chapter page shows its newest press, Load More the rest; a full chapter’s form says why', async ({
  page,
  consoleErrors,
}) => {
  const id = await chapterId(page.request);
  const held = await page.request.get(`/api/press_mention/chapter/${id}/all`);
  const before = (await held.json()) as { isVisible: boolean }[];
  const room = LIMITS.pressMentionsPerChapter - before.length;
  const visible = before.filter((m) => m.isVisible).length + room;
  const stamp = Date.now().toString(36);
  // Oldest first, so that "Story 0" ends up the newest.
  const added = await postMany<{ slug: string }>(
    page.request,
    '/api/press_mention/',
    Array.from({ length: room }, (_, i) => ({
      title: `Twin Cities story ${room - 1 - i} ${stamp}`,
      url: `https://news.example/mn/${i}`,
      notes: '',
      isVisible: true,
      chapterId: id,
    })),
  );

  try {
    await page.goto(chapterPath);
    await appDrawn(page);
    const press = page.getByRole('region', { name: 'In the Press' });
    const items = press.getByRole('listitem');
    await expect(items).toHaveCount(LIMITS.pressMentionsShown);
    await expect(items.first()).toContainText(`Twin Cities story 0 ${stamp}`);
    await press.getByRole('button', { name: 'Load More' }).click();
    await expect(items).toHaveCount(LIMITS.pressMentionsShown + LIMITS.pressMentionsMore);
    await expect(items.nth(LIMITS.pressMentionsShown)).toContainText(
      `Twin Cities story ${LIMITS.pressMentionsShown} ${stamp}`,
    );
    // Every one of a full chapter's can be reached, and then there is no more.
    const button = press.getByRole('button', { name: 'Load More' });
    let shown = LIMITS.pressMentionsShown + LIMITS.pressMentionsMore;
    while (shown < visible) {
      await button.click();
      shown = Math.min(shown + LIMITS.pressMentionsMore, visible);
      await expect(items).toHaveCount(shown);
    }
    await expect(button).toHaveCount(0);

    // The chapter is full: the form keeps what was typed and says why it was not saved.
    consoleErrors.allow(/status of 400/);
    await page.goto(`${adminPath}/press_mentions/add`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Press Mention' })).toBeVisible();
    await page.getByLabel('Title').fill(`One too many ${stamp}`);
    await page.getByLabel('URL').fill('https://news.example/mn/too-many');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: `A chapter can have at most ${LIMITS.pressMentionsPerChapter} press mentions`,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/press_mentions\/add$/);
    await expect(page.getByLabel('Title')).toHaveValue(`One too many ${stamp}`);
  } finally {
    // The tests share one site: the network's press page shows the demo's newest again.
    for (const { slug } of added) {
      expect((await page.request.delete(`/api/press_mention/slug/${slug}`)).ok()).toBe(true);
    }
  }
});

test('a chapter full of notes: the notes form says why a note was not saved', async ({
  page,
  consoleErrors,
}) => {
  const id = await chapterId(page.request);
  const held = await page.request.get(`/api/chapter_note/chapter/${id}`);
  const room = LIMITS.notesPerChapter - ((await held.json()) as unknown[]).length;
  await postMany(
    page.request,
    '/api/chapter_note',
    Array.from({ length: room }, (_, i) => ({ note: `Note ${i}`, chapterId: id })),
  );
  consoleErrors.allow(/status of 400/);
  await page.goto(`${adminPath}/notes`);
  await expect(page.getByRole('heading', { level: 2, name: 'Note Archive' })).toBeVisible();
  await page.getByLabel('Note Text').fill('One note too many');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `A chapter can have at most ${LIMITS.notesPerChapter} notes.` }),
  ).toBeVisible();
  await expect(page.getByLabel('Note Text')).toHaveValue('One note too many');
});
