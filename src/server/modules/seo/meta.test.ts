import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { blogPosts, chapters } from '../../db/schema';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="default" />' +
    '<title>Default</title></head><body><div id="root"></div></body></html>',
);

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ webDir, env: { PUBLIC_URL: 'https://chapters.example.org' } });
  await seedDemo(t.db);
});
afterAll(() => t.close());

const head = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];

describe('page meta for search engines and link previews', () => {
  it('gives a chapter page its own title, description, canonical link and preview tags', async () => {
    const [chapter] = await t.db.select().from(chapters).where(eq(chapters.status, 1)).limit(1);
    const url = `/chapter/${chapter!.state.toLowerCase()}/${chapter!.slug}`;
    const html = await head(url);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toContain(chapter!.title || chapter!.city);
    expect(html).toContain(`<link rel="canonical" href="https://chapters.example.org${url}" />`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+Liberally/);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).not.toBe('default');
    expect(html).not.toContain('noindex');

    // Its coming meetings as schema.org Events, in a data block.
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(blocks.length).toBeGreaterThan(0);
    const first = JSON.parse(blocks[0]![1]!) as Record<string, unknown>;
    expect(first).toMatchObject({ '@context': 'https://schema.org', '@type': 'Event' });
    expect(Date.parse(first.startDate as string)).toBeGreaterThan(Date.now() - 86_400_000);
  });

  it('says nothing of a hidden chapter and asks not to index it', async () => {
    const [hidden] = await t.db.select().from(chapters).where(eq(chapters.status, 0)).limit(1);
    const html = await head(`/chapter/${hidden!.state.toLowerCase()}/${hidden!.slug}`);
    expect(html).not.toContain(hidden!.title);
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it('titles a state page, a blog post and the about page', async () => {
    expect(await head('/chapters/ny')).toContain(
      '<title>Chapters in New York | Living Liberally</title>',
    );
    const [post] = await t.db.select().from(blogPosts).where(eq(blogPosts.isPublic, true)).limit(1);
    const html = await head(`/blog/${post!.slug}`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(await head('/about')).toMatch(/<title>[^<]+\| Living Liberally<\/title>/);
  });

  it('escapes what it puts in the page', async () => {
    await t.db
      .update(chapters)
      .set({ title: 'Bar "&" <b>Grill</b>' })
      .where(eq(chapters.slug, 'drinking-liberally-upper-west-side'));
    const html = await head('/chapter/ny/drinking-liberally-upper-west-side');
    expect(html).toContain('Bar &quot;&amp;&quot; &lt;b&gt;Grill&lt;/b&gt;');
    expect(html).not.toContain('<b>Grill</b>');
  });

  it('answers a malformed escape in the path with 400, in the API error shape', async () => {
    const res = await t.app.inject({ url: '/blog/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
