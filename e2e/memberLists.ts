// Members put on a chapter's mailing list through the app's own calls, as its host would: the
// list is made if the chapter has none (the Members screen's call), then the addresses are added
// by Add Members' call. `page` must hold the session of a host of the chapter (or an admin).
import type { Page } from '@playwright/test';
import { MAILING_LIMITS } from '../src/common/schemas/mailing';
import { expect } from './harness';

/** At most this many addresses go in one Add Members call (its limit). */
const PER_CALL = MAILING_LIMITS.signUpManyMax;

export interface ChapterWithMembers {
  id: number;
  listId: string;
  /** The chapter's admin path: `${adminPath}/members`, `${adminPath}/email`... */
  adminPath: string;
}

/** Adds `emails` to the list of the chapter at `slug`, making the list first if it has none. */
export async function addChapterMembers(
  page: Page,
  slug: string,
  emails: readonly string[],
): Promise<ChapterWithMembers> {
  const res = await page.request.get(`/api/chapter/slug/${slug}`);
  expect(res.ok(), `chapter ${slug}`).toBe(true);
  const chapter = (await res.json()) as { id: number; state: string };
  let { listId } = (await (
    await page.request.get(`/api/mailing_list/chapter_list_id/${chapter.id}`)
  ).json()) as { listId: string | null };
  if (!listId) {
    const made = await page.request.post(`/api/mailing_list/chapter/${chapter.id}/list`, {
      data: {},
    });
    expect(made.ok(), await made.text()).toBe(true);
    listId = ((await made.json()) as { listId: string }).listId;
  }
  for (let from = 0; from < emails.length; from += PER_CALL) {
    const added = await page.request.post('/api/mailing_list/sign_up_many', {
      data: { listId, emails: emails.slice(from, from + PER_CALL) },
      timeout: 60_000,
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  return {
    id: chapter.id,
    listId,
    adminPath: `/chapter/${chapter.state.toLowerCase()}/${slug}/admin`,
  };
}
