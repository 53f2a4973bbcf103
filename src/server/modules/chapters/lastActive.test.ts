// 'Last Active' (lastBlogPostDate) is kept on the chapter row by database triggers (migration
// 0007) instead of being found by reading every post on each list. Whatever writes posts and
// chapter emails, the chapter page, the state list and the home map agree with the posts and
// emails that are there now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { chapterBlogPosts, mailingLists, mailingMessages } from '../../db/schema';
import { createWorld, get } from './testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

/** 'Last Active' of a chapter as each public read answers it. */
async function lastActive(chapter: { id: number; slug: string; state: string }) {
  const read = (await get(t, `/api/chapter/slug/${chapter.slug}`)).json() as {
    lastBlogPostDate: string | null;
  };
  type Listed = { id: number; lastBlogPostDate: string | null }[];
  const state = (
    await get(t, `/api/chapters/state/${chapter.state.toLowerCase()}`)
  ).json() as Listed;
  const active = (await get(t, '/api/chapters/active')).json() as Listed;
  return {
    chapter: read.lastBlogPostDate,
    state: state.find((c) => c.id === chapter.id)?.lastBlogPostDate,
    map: active.find((c) => c.id === chapter.id)?.lastBlogPostDate,
  };
}

const everywhere = (date: string | null) => ({ chapter: date, state: date, map: date });

describe("a chapter's 'Last Active' date", () => {
  it('follows its posts and emails as they are written, moved and deleted', async () => {
    const { active, other } = w.chapters;
    expect(await lastActive(active)).toEqual(everywhere(null));

    const [older, newer] = await t.db
      .insert(chapterBlogPosts)
      .values([
        { chapterId: active.id, title: 'A', slug: 'la-a', createdAt: new Date('2024-01-01Z') },
        { chapterId: active.id, title: 'B', slug: 'la-b', createdAt: new Date('2024-02-01Z') },
      ])
      .returning();
    expect(await lastActive(active)).toEqual(everywhere('2024-02-01T00:00:00.000Z'));

    // A chapter email sent without a post counts too, when it is the later of the two.
    const [list] = await t.db.insert(mailingLists).values({ name: 'Greenpoint list' }).returning();
    const [email] = await t.db
      .insert(mailingMessages)
      .values({
        listId: list!.id,
        chapterId: active.id,
        subject: 'Hello',
        body: '<p>Hi</p>',
        createdAt: new Date('2024-03-01Z'),
      })
      .returning();
    expect(await lastActive(active)).toEqual(everywhere('2024-03-01T00:00:00.000Z'));

    await t.db.delete(mailingMessages).where(eq(mailingMessages.id, email!.id));
    expect(await lastActive(active)).toEqual(everywhere('2024-02-01T00:00:00.000Z'));

    // A post whose date is changed, or that moves to another chapter, moves both dates.
    await t.db
      .update(chapterBlogPosts)
      .set({ createdAt: new Date('2023-06-01Z') })
      .where(eq(chapterBlogPosts.id, newer!.id));
    expect(await lastActive(active)).toEqual(everywhere('2024-01-01T00:00:00.000Z'));
    await t.db
      .update(chapterBlogPosts)
      .set({ chapterId: other.id })
      .where(eq(chapterBlogPosts.id, older!.id));
    expect(await lastActive(active)).toEqual(everywhere('2023-06-01T00:00:00.000Z'));
    expect(await lastActive(other)).toEqual(everywhere('2024-01-01T00:00:00.000Z'));

    await t.db.delete(chapterBlogPosts).where(eq(chapterBlogPosts.chapterId, active.id));
    expect(await lastActive(active)).toEqual(everywhere(null));
  });
});
