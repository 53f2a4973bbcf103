// POST /api/chapter_blog_post and DELETE /api/chapter_blog_post/slug/{slug} (issue 35): the
// chapter admin's Posts. Its hosts, field organizers and admins write, change and delete a
// chapter's posts; nobody else does, and bad input is a 400 naming the field that changes nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chapterBlogPosts } from '../../db/schema';
import { chapterPostSchema } from '../../../common/schemas/chapters';
import {
  CALLER_KINDS,
  PAST_INTEGER_RANGE,
  fieldNames,
  send,
  uniqueSlug,
  useChapterAdminWorld,
} from '../../test/chapterAdminWorld';

const world = useChapterAdminWorld();
const save = (payload: object, cookie?: string) =>
  send(world.t, { method: 'POST', url: '/api/chapter_blog_post', payload }, cookie);
const remove = (slug: string, cookie?: string) =>
  send(world.t, { method: 'DELETE', url: `/api/chapter_blog_post/slug/${slug}` }, cookie);

async function postsOf(chapterId: number) {
  return world.t.db
    .select()
    .from(chapterBlogPosts)
    .where(eq(chapterBlogPosts.chapterId, chapterId));
}

async function insertPost(chapterId: number, title = 'Old news') {
  const [row] = await world.t.db
    .insert(chapterBlogPosts)
    .values({ chapterId, title, body: '<p>Old</p>', slug: uniqueSlug('post') })
    .returning();
  return row!;
}

describe('POST /api/chapter_blog_post', () => {
  it('writes a post for the chapter’s hosts, field organizers and admins, shown on its page', async () => {
    const { w, t } = world;
    for (const kind of ['host', 'fieldOrganizer', 'admin'] as const) {
      const res = await save(
        {
          chapterId: w.chapter.id,
          title: `  Summer picnic by ${kind}  `,
          body: '<p>Bring <strong>bread</strong><script>alert(1)</script></p>',
        },
        w.cookies[kind],
      );
      expect(res.statusCode, kind).toBe(200);
      const post = chapterPostSchema.parse(res.json());
      expect(post).toMatchObject({
        chapterId: w.chapter.id,
        title: `Summer picnic by ${kind}`,
        body: '<p>Bring <strong>bread</strong></p>',
        user: { name: w.users[kind].name },
      });
      expect(post.slug).toMatch(new RegExp(`^summer-picnic-by-${kind.toLowerCase()}-[0-9a-f]{6}$`));
    }
    // On the chapter's public page, newest first.
    const page = await send(t, {
      method: 'GET',
      url: `/api/chapter_blog_post/public/${w.chapter.id}/0`,
    });
    expect(page.json().posts.map((p: { title: string }) => p.title)).toEqual(
      expect.arrayContaining(['Summer picnic by host', 'Summer picnic by admin']),
    );
  });

  it('changes a post’s title and body, keeping its author, address and date', async () => {
    const { w } = world;
    const before = await insertPost(w.chapter.id);
    const res = await save(
      { id: before.id, chapterId: w.chapter.id, title: 'New news', body: '<p>New</p>' },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: before.id,
      slug: before.slug,
      title: 'New news',
      body: '<p>New</p>',
      createdAt: before.createdAt.toISOString(),
      user: null,
    });
  });

  it('refuses everyone else, and changes nothing', async () => {
    const { w } = world;
    const mine = await insertPost(w.chapter.id, 'Untouched');
    const seen: Record<string, number> = {};
    const count = (await postsOf(w.chapter.id)).length;
    for (const kind of CALLER_KINDS) {
      const created = await save(
        { chapterId: w.chapter.id, title: 'Intruder', body: '<p>x</p>' },
        w.cookies[kind],
      );
      const changed = await save(
        { id: mine.id, chapterId: w.chapter.id, title: 'Intruder', body: '<p>x</p>' },
        w.cookies[kind],
      );
      seen[kind] = created.statusCode;
      expect(changed.statusCode, kind).toBe(created.statusCode);
      if (created.statusCode === 200) {
        await remove(created.json().slug, w.cookies.admin);
        await save(
          { id: mine.id, chapterId: w.chapter.id, title: 'Untouched', body: '<p>Old</p>' },
          w.cookies.admin,
        );
      }
    }
    expect(seen).toEqual({
      visitor: 401,
      noRole: 403,
      otherHost: 403,
      host: 200,
      fieldOrganizer: 200,
      admin: 200,
    });
    expect(await postsOf(w.chapter.id)).toHaveLength(count);
    expect((await postsOf(w.chapter.id)).find((p) => p.id === mine.id)?.title).toBe('Untouched');
  });

  it('does not let a host change another chapter’s post by naming their own chapter', async () => {
    const { w } = world;
    const theirs = await insertPost(w.other.id, 'Oakland news');
    const res = await save(
      { id: theirs.id, chapterId: w.chapter.id, title: 'Hijacked', body: '<p>x</p>' },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(404);
    expect((await postsOf(w.other.id)).find((p) => p.id === theirs.id)?.title).toBe('Oakland news');
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const { w } = world;
    const count = (await postsOf(w.chapter.id)).length;
    const cases: [object, string][] = [
      [{ chapterId: w.chapter.id, title: '   ', body: '<p>x</p>' }, 'body.title'],
      [{ chapterId: w.chapter.id, title: 'x'.repeat(301), body: '<p>x</p>' }, 'body.title'],
      [{ chapterId: w.chapter.id, body: '<p>x</p>' }, 'body.title'],
      [{ chapterId: w.chapter.id, title: 'Hi', body: '' }, 'body.body'],
      [{ chapterId: w.chapter.id, title: 'Hi', body: '<p><br></p>' }, 'body.body'],
      [{ chapterId: w.chapter.id, title: 'Hi', body: 'x'.repeat(200_001) }, 'body.body'],
      [{ chapterId: 'seven', title: 'Hi', body: '<p>x</p>' }, 'body.chapterId'],
      [{ chapterId: PAST_INTEGER_RANGE, title: 'Hi', body: '<p>x</p>' }, 'body.chapterId'],
      [{ id: -3, chapterId: w.chapter.id, title: 'Hi', body: '<p>x</p>' }, 'body.id'],
      [{ chapterId: w.chapter.id, title: 'a\u0000b', body: '<p>x</p>' }, 'body.title'],
    ];
    for (const [payload, field] of cases) {
      const res = await save(payload, w.cookies.admin);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(fieldNames(res)).toEqual([field]);
    }
    expect(await postsOf(w.chapter.id)).toHaveLength(count);
  });

  it('answers 404 for a chapter or a post that does not exist', async () => {
    const { w } = world;
    const noChapter = await save(
      { chapterId: 999_999, title: 'Hi', body: '<p>x</p>' },
      w.cookies.admin,
    );
    expect(noChapter.statusCode).toBe(404);
    const noPost = await save(
      { id: 999_999, chapterId: w.chapter.id, title: 'Hi', body: '<p>x</p>' },
      w.cookies.admin,
    );
    expect(noPost.statusCode).toBe(404);
    expect(noPost.json().message).toBe('Post not found.');
  });
});

describe('DELETE /api/chapter_blog_post/slug/:slug', () => {
  it('deletes a post for the chapter’s host-level users only', async () => {
    const { w } = world;
    const seen: Record<string, number> = {};
    for (const kind of CALLER_KINDS) {
      const post = await insertPost(w.chapter.id, `Doomed ${kind}`);
      const res = await remove(post.slug, w.cookies[kind]);
      seen[kind] = res.statusCode;
      const left = (await postsOf(w.chapter.id)).some((p) => p.id === post.id);
      expect(left, kind).toBe(res.statusCode !== 200);
    }
    expect(seen).toEqual({
      visitor: 401,
      noRole: 403,
      otherHost: 403,
      host: 200,
      fieldOrganizer: 200,
      admin: 200,
    });
  });

  it('answers 404 for no such post, and 400 for a slug holding a NUL', async () => {
    const { w } = world;
    expect((await remove('no-such-post', w.cookies.admin)).statusCode).toBe(404);
    expect((await remove('a%00b', w.cookies.admin)).statusCode).toBe(400);
  });
});
