// The public calls of this area against the demo data set, as a fresh `npm start` serves it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { blogPosts, chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  await t.app.ready();
});
afterAll(() => t.close());

describe('with the demo data', () => {
  it('lists public blog posts and hides the non-public one from visitors', async () => {
    const first = (await t.app.inject({ url: '/api/blog_post/public/0' })).json();
    expect(first.posts.length).toBeGreaterThan(0);
    expect(first.posts[0].user).toEqual({ name: expect.any(String) });
    const [hidden] = await t.db.select().from(blogPosts).where(eq(blogPosts.isPublic, false));
    expect(hidden).toBeDefined();
    const res = await t.app.inject({ url: `/api/blog_post/slug/${hidden!.slug}` });
    expect(res.statusCode).toBe(404);
  });

  it('serves the about and chapter_types pages and the front page link', async () => {
    for (const slug of ['about', 'chapter_types']) {
      expect((await t.app.inject({ url: `/api/page/slug/${slug}` })).statusCode).toBe(200);
    }
    const front = (await t.app.inject({ url: '/api/front_page' })).json();
    expect(front.imageLinkURL).toMatch(/^https:\/\//);
  });

  it("signs an address up to an active demo chapter's list", async () => {
    const active = await t.db.select().from(chapters).where(eq(chapters.status, 1));
    const withList = active.find((c) => c.brontoListId !== null);
    expect(withList).toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mailing_list/sign_up',
      payload: { email: 'demo-visitor@example.org', listId: withList!.brontoListId },
    });
    // A demo list is a built-in one: the visitor is asked to confirm by email (issue 23).
    expect(res.json()).toEqual({
      results: [{ isError: false, errorString: '', confirmByEmail: true }],
    });
  });
});
