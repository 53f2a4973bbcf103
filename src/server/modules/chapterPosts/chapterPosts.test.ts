import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterBlogPosts } from '../../db/schema';
import { chapterPostPageSchema } from '../../../common/schemas/chapters';
import { createWorld, get } from '../chapters/testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const { active, hidden } = w.chapters;
  const start = Date.UTC(2024, 0, 1);
  await t.db.insert(chapterBlogPosts).values([
    // 23 posts, one a day: Post 22 is the newest. Post 5 has lost its author.
    ...Array.from({ length: 23 }, (_, i) => ({
      chapterId: active.id,
      userId: i === 5 ? null : w.users.host.id,
      title: `Post ${i}`,
      body: i === 22 ? '<p>Hi<img src=x onerror="alert(1)"></p>' : `<p>Body ${i}</p>`,
      slug: `post-${i}`,
      createdAt: new Date(start + i * DAY),
    })),
    { chapterId: hidden.id, userId: null, title: 'Secret post', slug: 'secret-post' },
  ]);
});
afterAll(() => t.close());

const page = (chapterId: number, n: number | string, cookie?: string) =>
  get(t, `/api/chapter_blog_post/public/${chapterId}/${n}`, cookie);

describe('GET /api/chapter_blog_post/public/:chapterId/:page', () => {
  it('answers ten posts a page, newest first, with hasMore', async () => {
    const id = w.chapters.active.id;
    const pages = [];
    for (const n of [0, 1, 2, 3]) {
      const res = await page(id, n);
      expect(res.statusCode).toBe(200);
      pages.push(chapterPostPageSchema.parse(res.json()));
    }
    expect(pages.map((p) => [p.posts.length, p.hasMore])).toEqual([
      [10, true],
      [10, true],
      [3, false],
      [0, false],
    ]);
    const all = pages.flatMap((p) => p.posts.map((post) => post.title));
    expect(all).toEqual(Array.from({ length: 23 }, (_, i) => `Post ${22 - i}`));
    const first = pages[0]!.posts[0]!;
    expect(first).toMatchObject({ chapterId: id, slug: 'post-22', user: { name: 'Hidden Host' } });
    expect(first.body).toBe('<p>Hi<img src="x" /></p>');
    expect(pages[1]!.posts.find((p) => p.title === 'Post 5')?.user).toBeNull();
    // Authors by name only.
    expect(JSON.stringify(pages)).not.toContain(w.users.host.email);
  });

  it('is a 404 for a missing chapter or one hidden from the caller', async () => {
    expect((await page(999999, 0)).statusCode).toBe(404);
    for (const c of w.callers) {
      const res = await page(w.chapters.hidden.id, 0, c.cookie);
      expect(res.statusCode, c.kind).toBe(c.seesHidden ? 200 : 404);
      if (c.seesHidden) expect(res.json().posts[0].title).toBe('Secret post');
    }
  });

  it('answers 400 naming the field for a bad chapter id or page', async () => {
    const fields = async (url: string) => {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(400);
      return res.json().fields.map((f: { field: string }) => f.field);
    };
    expect(await fields('/api/chapter_blog_post/public/abc/0')).toEqual(['params.chapterId']);
    expect(await fields(`/api/chapter_blog_post/public/${w.chapters.active.id}/-1`)).toEqual([
      'params.page',
    ]);
    expect(await fields(`/api/chapter_blog_post/public/${w.chapters.active.id}/x`)).toEqual([
      'params.page',
    ]);
  });
});
