import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { blogPosts, chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://chapters.example.org' } });
  await seedDemo(t.db);
});
afterAll(() => t.close());

describe('the sitemap', () => {
  it('lists public chapters, states, posts and pages, and nothing hidden', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://chapters.example.org/');
    expect(locs).toContain('https://chapters.example.org/chapters/ny');
    expect(locs).toContain('https://chapters.example.org/page/about');

    const all = await t.db.select().from(chapters);
    for (const c of all) {
      const loc = `https://chapters.example.org/chapter/${c.state.toLowerCase()}/${c.slug}`;
      if (c.status === 1) expect(locs).toContain(loc);
      else expect(locs).not.toContain(loc);
    }
    expect(locs).toContain(
      'https://chapters.example.org/chapter/dc/drinking-liberally-capitol-hill/events/capitol-hill-hawk-n-dove',
    );
    expect(locs.some((l) => l!.includes('/laughing-liberally-nashville/events/'))).toBe(false);
    const posts = await t.db.select().from(blogPosts);
    for (const p of posts) {
      const loc = `https://chapters.example.org/blog/${p.slug}`;
      if (p.isPublic) expect(locs).toContain(loc);
      else expect(locs).not.toContain(loc);
    }
  });

  it('stops listing a chapter once it is hidden', async () => {
    const [chapter] = await t.db.select().from(chapters).where(eq(chapters.status, 1)).limit(1);
    await t.db.update(chapters).set({ status: 0 }).where(eq(chapters.id, chapter!.id));
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.body).not.toContain(`/${chapter!.slug}<`);
  });

  it('points robots.txt at the sitemap and keeps crawlers out of accounts and admin', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.body).toContain('Sitemap: https://chapters.example.org/sitemap.xml');
    expect(res.body).toContain('Disallow: /admin');
  });
});
