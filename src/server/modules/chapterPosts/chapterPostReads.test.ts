// GET /api/chapter_blog_post/{chapterId} and /api/chapter_blog_post/slug/{slug} (spec 2 §7):
// a chapter's posts are as visible as their chapter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterBlogPosts } from '../../db/schema';
import { chapterPostSchema } from '../../../common/schemas/chapters';
import {
  CALLER_KINDS,
  createChapterAdminWorld,
  fieldNames,
  insertChapter,
  grantRole,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import type { ChapterRow } from '../../db/schema';

let t: TestApp;
let w: ChapterAdminWorld;
let hidden: ChapterRow;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
  hidden = await insertChapter(t, { status: 0 });
  await grantRole(t, w.users.host.id, 3, hidden.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, hidden.id);
  const start = Date.UTC(2024, 0, 1);
  await t.db.insert(chapterBlogPosts).values([
    // 12 posts: more than a page, all answered by the unpaged call.
    ...Array.from({ length: 12 }, (_, i) => ({
      chapterId: w.chapter.id,
      userId: i === 0 ? null : w.users.host.id,
      title: `Post ${i}`,
      body: i === 11 ? '<p>Hi<script>alert(1)</script></p>' : `<p>Body ${i}</p>`,
      slug: `reads-post-${i}`,
      createdAt: new Date(start + i * DAY),
    })),
    { chapterId: w.other.id, title: 'Oakland post', slug: 'reads-oakland' },
    { chapterId: hidden.id, title: 'Hidden post', slug: 'reads-hidden' },
  ]);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => send(t, { method: 'GET', url }, cookie);

describe('GET /api/chapter_blog_post/:chapterId', () => {
  it('answers every post of a visible chapter, newest first, to anyone', async () => {
    for (const kind of CALLER_KINDS) {
      const res = await get(`/api/chapter_blog_post/${w.chapter.id}`, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(200);
      const posts = chapterPostSchema.array().parse(res.json());
      expect(
        posts.map((p) => p.title),
        kind,
      ).toEqual(Array.from({ length: 12 }, (_, i) => `Post ${11 - i}`));
    }
    const posts = chapterPostSchema
      .array()
      .parse((await get(`/api/chapter_blog_post/${w.chapter.id}`)).json());
    expect(posts[0]!.body).toBe('<p>Hi</p>');
    expect(posts[0]!.user).toEqual({ name: 'Hank Host' });
    expect(posts.at(-1)!.user).toBeNull();
    expect(JSON.stringify(posts)).not.toContain(w.users.host.email);
  });

  it('answers a hidden chapter’s posts to its hosts only; to others a 404 "not active"', async () => {
    const seen: Record<string, number> = {};
    for (const kind of CALLER_KINDS) {
      const res = await get(`/api/chapter_blog_post/${hidden.id}`, w.cookies[kind]);
      seen[kind] = res.statusCode;
      if (res.statusCode !== 200) expect(res.body).not.toContain('Hidden post');
    }
    expect(seen).toEqual({
      visitor: 404,
      noRole: 404,
      otherHost: 404,
      host: 200,
      fieldOrganizer: 200,
      admin: 200,
    });
    // What the chapter's own read says of it (spec 1 §2), and nothing more; no chapter is not found.
    const missing = await get('/api/chapter_blog_post/999999', w.cookies.admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Chapter not found.');
    expect((await get(`/api/chapter_blog_post/${hidden.id}`)).json().message).toBe(
      'This Chapter is not active.',
    );
  });

  it('answers 400 naming the field for a bad id', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await get(`/api/chapter_blog_post/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(fieldNames(res), id).toEqual(['params.chapterId']);
    }
  });
});

describe('GET /api/chapter_blog_post/slug/:slug', () => {
  it('answers a post of a visible chapter to anyone, sanitized', async () => {
    for (const kind of CALLER_KINDS) {
      const res = await get('/api/chapter_blog_post/slug/reads-post-11', w.cookies[kind]);
      expect(res.statusCode, kind).toBe(200);
      expect(chapterPostSchema.parse(res.json())).toMatchObject({
        title: 'Post 11',
        chapterId: w.chapter.id,
        body: '<p>Hi</p>',
      });
    }
  });

  it('answers a post of a hidden chapter to its hosts only; 404 to others, as for no post', async () => {
    const seen: Record<string, number> = {};
    for (const kind of CALLER_KINDS) {
      seen[kind] = (
        await get('/api/chapter_blog_post/slug/reads-hidden', w.cookies[kind])
      ).statusCode;
    }
    expect(seen).toEqual({
      visitor: 404,
      noRole: 404,
      otherHost: 404,
      host: 200,
      fieldOrganizer: 200,
      admin: 200,
    });
    const missing = await get('/api/chapter_blog_post/slug/no-such-post');
    expect(missing.statusCode).toBe(404);
    expect((await get('/api/chapter_blog_post/slug/reads-hidden')).json().message).toBe(
      missing.json().message,
    );
  });

  it('answers 400, never 500, for a slug holding a NUL character', async () => {
    expect((await get('/api/chapter_blog_post/slug/a%00b')).statusCode).toBe(400);
  });
});
