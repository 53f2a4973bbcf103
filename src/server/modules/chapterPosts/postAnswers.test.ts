// GET /api/chapter_blog_post/public/{chapterId}/{page} from the answer cache: a visitor's page
// is kept on each app server until a write on any of them changes what it shows (a new post,
// the chapter, an author's name), and a hidden chapter's posts are a 404 to visitors whoever
// read them before. The cache lasts an hour here: a change seen below came from a notice
// (LISTEN/NOTIFY), not from the TTL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { chapterBlogPosts } from '../../db/schema';
import { createTwoAppServers } from '../../test/app';
import type { ChapterPostPage } from '../../../common/schemas/chapters';
import { createMailingWorld, type TestApp } from '../mailing/testWorld';

let t: TestApp;
let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: Awaited<ReturnType<typeof createMailingWorld>>;

beforeAll(async () => {
  servers = await createTwoAppServers();
  ({ t, second } = servers);
  w = await createMailingWorld(t);
});
afterAll(() => servers.close());

/** Page 0 of the town's posts, read on the second server. */
async function visit(cookie?: string) {
  const res = await second.inject({
    url: `/api/chapter_blog_post/public/${w.chapters.town.id}/0`,
    headers: cookie ? { cookie } : {},
  });
  const page = res.statusCode === 200 ? res.json<ChapterPostPage>() : null;
  return {
    status: res.statusCode,
    etag: res.headers.etag,
    posts: page?.posts.map((p) => `${p.title} (${p.user?.name ?? 'no one'})`),
  };
}

/** A write on the first server, once the second has heard of it. */
async function write(method: 'POST', url: string, payload: object, cookie: string) {
  const res = await servers.writeHeard({ method, url, payload }, cookie);
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const sendEmail = (title: string) =>
  write(
    'POST',
    '/api/mailing_list/send_message',
    { title, body: `<p>${title}</p>`, listId: w.lists.town },
    w.users.host.cookie,
  );

const setStatus = (status: number) =>
  write('POST', '/api/chapter', { id: w.chapters.town.id, status }, w.users.admin.cookie);

describe('a chapter’s posts read by visitors', () => {
  it('are kept, and show a chapter email sent on another server at once', async () => {
    expect((await visit()).posts).toEqual([]);
    // Written behind the app's back: only a kept answer still leaves it out.
    await t.db
      .insert(chapterBlogPosts)
      .values({ chapterId: w.chapters.town.id, title: 'Unannounced', slug: 'unannounced-post' });
    expect((await visit()).posts).toEqual([]);

    await sendEmail('Pints on Tuesday');
    expect((await visit()).posts).toEqual(['Pints on Tuesday (Town Host)', 'Unannounced (no one)']);
  });

  it('show an author’s new name', async () => {
    expect((await visit()).posts?.[0]).toBe('Pints on Tuesday (Town Host)');
    await write('POST', '/api/user/me', { name: 'Tina Host' }, w.users.host.cookie);
    expect((await visit()).posts?.[0]).toBe('Pints on Tuesday (Tina Host)');
  });

  it('are the visitors’ answer for a signed-in user whose roles change nothing in them', async () => {
    const visitor = await visit();
    expect(visitor.etag).toBeDefined();
    for (const user of [w.users.plain, w.users.otherHost, w.users.host, w.users.admin]) {
      expect(await visit(user.cookie)).toEqual(visitor);
    }
  });
});

describe('the posts of a chapter that is hidden', () => {
  it('are a 404 to visitors, even after its hosts read them; seen again once shown', async () => {
    expect((await visit()).status).toBe(200);
    await setStatus(0);
    expect((await visit()).status).toBe(404);
    for (const user of [w.users.host, w.users.fieldOrganizer, w.users.admin]) {
      const host = await visit(user.cookie);
      expect(host.status).toBe(200);
      expect(host.posts?.[0]).toBe('Pints on Tuesday (Tina Host)');
    }
    expect((await visit()).status).toBe(404);
    expect((await visit(w.users.plain.cookie)).status).toBe(404);
    expect((await visit(w.users.otherHost.cookie)).status).toBe(404);

    // A post while hidden (its hosts still write): seen by visitors once it is shown.
    await sendEmail('Back soon');
    await setStatus(1);
    expect((await visit()).posts?.[0]).toBe('Back soon (Tina Host)');
  });
});
