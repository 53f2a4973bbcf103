import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser, signedInUser } from '../../test/users';
import { blogPosts, chapters, pages, wikiPages } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: { cookie: string };
let host: { cookie: string };
let plain: { cookie: string };

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const [chapter] = await t.db
    .insert(chapters)
    .values({ title: 'Testville', slug: 'testville', status: 1 })
    .returning();
  admin = await signedInUser(t, { admin: true });
  host = await signedInUser(t, { hostOf: [chapter!.id] });
  plain = await signedInUser(t);
  const author = await createUser(t.db, { name: 'Ada Author', email: 'ada@example.org' });

  // post-1 (oldest) ... post-12 (newest), public; one newer private post; one without author.
  const now = Date.now();
  await t.db.insert(blogPosts).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      title: `Post ${i + 1}`,
      slug: `post-${i + 1}`,
      body: `<p>Body ${i + 1}&nbsp;here</p><script>alert(1)</script>`,
      userId: author.id,
      isPublic: true,
      createdAt: new Date(now - (20 - i) * DAY),
    })),
    {
      title: 'Secret',
      slug: 'secret-post',
      body: '<p>hidden</p>',
      userId: author.id,
      isPublic: false,
      createdAt: new Date(now),
    },
    {
      title: 'Orphan',
      slug: 'orphan-post',
      body: '<p>no author</p>',
      userId: null,
      isPublic: true,
      createdAt: new Date(now - 100 * DAY),
    },
  ]);
  await t.db.insert(pages).values([
    { title: 'About', slug: 'about', body: '<p>About us<img src=x onerror=alert(1)></p>' },
    { title: 'Draft', slug: 'draft-page', body: '<p>draft</p>', isPublic: false },
  ]);
  await t.db.insert(wikiPages).values([
    { title: 'Host guide', slug: 'host-guide', body: '<p>guide</p>', isEditable: false },
    { title: 'Admin notes', slug: 'admin-notes', body: '<p>notes</p>', isPublic: false },
  ]);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('GET /api/blog_post/public/:page', () => {
  it('pages public posts, five at a time, newest first', async () => {
    const slugs: string[][] = [];
    const more: boolean[] = [];
    for (let page = 0; page < 4; page += 1) {
      const res = await get(`/api/blog_post/public/${page}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      slugs.push(body.posts.map((p: { slug: string }) => p.slug));
      more.push(body.hasMore);
    }
    expect(slugs[0]).toEqual(['post-12', 'post-11', 'post-10', 'post-9', 'post-8']);
    expect(slugs[1]).toEqual(['post-7', 'post-6', 'post-5', 'post-4', 'post-3']);
    expect(slugs[2]).toEqual(['post-2', 'post-1', 'orphan-post']);
    expect(slugs[3]).toEqual([]);
    expect(more).toEqual([true, true, false, false]);
  });

  it('never lists a non-public post, even to an admin', async () => {
    const res = await get('/api/blog_post/public/0', admin.cookie);
    expect(res.json().posts.map((p: { slug: string }) => p.slug)).not.toContain('secret-post');
  });

  it("answers the author's name only, and a sanitized body", async () => {
    const [first] = (await get('/api/blog_post/public/0')).json().posts;
    expect(first).toEqual({
      id: expect.any(Number),
      title: 'Post 12',
      slug: 'post-12',
      body: '<p>Body 12 here</p>',
      isPublic: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user: { name: 'Ada Author' },
    });
    const orphan = (await get('/api/blog_post/public/2')).json().posts[2];
    expect(orphan.user).toBeNull();
  });

  it('refuses a page that is not a whole number from 0', async () => {
    for (const page of ['-1', 'abc', '1.5']) {
      const res = await get(`/api/blog_post/public/${page}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0].field).toBe('params.page');
    }
  });
});

describe('content by slug', () => {
  it('answers a public blog post, page and wiki page to anyone', async () => {
    const post = await get('/api/blog_post/slug/post-3');
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ title: 'Post 3', user: { name: 'Ada Author' } });
    expect(JSON.stringify(post.json())).not.toContain('ada@example.org');

    const page = await get('/api/page/slug/about');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ title: 'About', slug: 'about', isPublic: true });
    expect(page.json().body).toBe('<p>About us<img src="x" /></p>');

    const wiki = await get('/api/wiki_page/slug/host-guide');
    expect(wiki.statusCode).toBe(200);
    expect(wiki.json()).toMatchObject({
      title: 'Host guide',
      body: '<p>guide</p>',
      isPublic: true,
      isEditable: false,
    });
  });

  it('hides non-public content from visitors, hosts and other users with a 404', async () => {
    for (const url of [
      '/api/blog_post/slug/secret-post',
      '/api/page/slug/draft-page',
      '/api/wiki_page/slug/admin-notes',
    ]) {
      for (const cookie of [undefined, host.cookie, plain.cookie]) {
        const res = await get(url, cookie);
        expect(res.statusCode, `${url} ${cookie ?? 'visitor'}`).toBe(404);
        expect(res.json().message).toBe('Not found.');
      }
    }
  });

  it('answers non-public content to an admin, saying it is not public', async () => {
    const post = await get('/api/blog_post/slug/secret-post', admin.cookie);
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ slug: 'secret-post', isPublic: false });
    const page = await get('/api/page/slug/draft-page', admin.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().isPublic).toBe(false);
    const wiki = await get('/api/wiki_page/slug/admin-notes', admin.cookie);
    expect(wiki.statusCode).toBe(200);
    expect(wiki.json()).toMatchObject({ isPublic: false, isEditable: true });
  });

  it('answers 404 for a slug nobody used', async () => {
    for (const url of [
      '/api/blog_post/slug/nope',
      '/api/page/slug/nope',
      '/api/wiki_page/slug/nope',
    ]) {
      expect((await get(url, admin.cookie)).statusCode).toBe(404);
    }
  });
});
