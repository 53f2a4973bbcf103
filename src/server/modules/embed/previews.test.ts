// Link previews (issue 36): the chapter's, the event's and the state's pages name a picture of
// at least 1200x630, their feeds and calendars, and their oEmbed, whose answer is the frame of
// that list; anything else, a hidden chapter's page or another site's, has no embed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { CHAPTER_TYPES } from '../../../common/constants';

const SITE = 'https://chapters.example.org';
const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="default" />' +
    '<title>Default</title></head><body><div id="root"></div></body></html>',
);
const CHAPTER = '/chapter/dc/drinking-liberally-capitol-hill';
const EVENT = `${CHAPTER}/events/capitol-hill-hawk-n-dove`;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ webDir, env: { PUBLIC_URL: SITE } });
  await seedDemo(t.db);
});
afterAll(() => t.close());

const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const meta = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];
const alternates = (html: string) =>
  [
    ...html.matchAll(/<link rel="alternate" type="([^"]+)" href="([^"]+)" title="([^"]*)" \/>/g),
  ].map((m) => ({ type: m[1]!, href: m[2]!.replaceAll('&amp;', '&'), title: m[3]! }));
const oembed = (url: string, extra = '') =>
  t.app.inject({ url: `/api/oembed?url=${encodeURIComponent(url)}&format=json${extra}` });

describe('link previews', () => {
  it("a chapter's page names its picture, posts feed, calendar and oEmbed, and the oEmbed frames its list", async () => {
    const html = await page(CHAPTER);
    expect(meta(html, 'og:image')).toBe(`${SITE}/embed/card/1.png`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const links = alternates(html);
    expect(links.map((l) => l.type)).toEqual([
      'application/atom+xml',
      'text/calendar',
      'application/json+oembed',
    ]);
    expect(links[0]!.href).toBe('/chapters/drinking-liberally-capitol-hill/posts.atom');
    expect((await t.app.inject({ url: links[0]!.href })).statusCode).toBe(200);
    expect((await t.app.inject({ url: links[1]!.href })).statusCode).toBe(200);
    const res = await t.app.inject({ url: links[2]!.href });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const answer = res.json<{ type: string; html: string; width: number; title: string }>();
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Living Liberally',
    });
    expect(answer.title).toBe('Drinking Liberally Capitol Hill');
    expect(answer.html).toMatch(
      new RegExp(
        `^<iframe src="${SITE}/embed/chapter/drinking-liberally-capitol-hill" width="420"`,
      ),
    );
    const framed = await t.app.inject({ url: '/embed/chapter/drinking-liberally-capitol-hill' });
    expect(framed.statusCode).toBe(200);
  });

  it("an event's page previews with its chapter's card and names the place in the oEmbed title", async () => {
    const html = await page(EVENT);
    expect(meta(html, 'og:image')).toBe(`${SITE}/embed/card/1.png`);
    const res = await oembed(`${SITE}${EVENT}`, '&maxwidth=300');
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ title: string; width: number; html: string }>();
    expect(answer.title).toBe("Drinking Liberally Capitol Hill at Hawk 'n' Dove");
    expect(answer.width).toBe(300);
    expect(answer.html).toContain('width="300"');
  });

  it("a state's page names its calendar and oEmbed, with the network's card", async () => {
    const html = await page('/chapters/dc');
    expect(meta(html, 'og:image')).toBe(`${SITE}/embed/card/0.png`);
    const types = alternates(html).map((l) => l.type);
    expect(types).toEqual(['text/calendar', 'application/json+oembed']);
    const answer = (await oembed(`${SITE}/chapters/dc`)).json<{ html: string }>();
    expect(answer.html).toContain(`src="${SITE}/embed/state/dc"`);
  });

  it('has no embed for a hidden chapter, another site, or a page without a frame', async () => {
    await t.db
      .update(chapters)
      .set({ status: 0 })
      .where(eq(chapters.slug, 'drinking-liberally-capitol-hill'));
    try {
      expect((await oembed(`${SITE}${CHAPTER}`)).statusCode).toBe(404);
      expect((await oembed(`${SITE}${EVENT}`)).statusCode).toBe(404);
    } finally {
      await t.db
        .update(chapters)
        .set({ status: 1 })
        .where(eq(chapters.slug, 'drinking-liberally-capitol-hill'));
    }
    expect((await oembed(`https://elsewhere.example${CHAPTER}`)).statusCode).toBe(404);
    expect((await oembed(`${SITE}/about`)).statusCode).toBe(404);
    expect((await oembed(`${SITE}/chapters/zz`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/oembed?url=not-a-url' })).statusCode).toBe(400);
    expect(
      (
        await oembed(`${SITE}${CHAPTER}`).then(() =>
          t.app.inject({ url: `/api/oembed?url=${encodeURIComponent(SITE + CHAPTER)}&format=xml` }),
        )
      ).statusCode,
    ).toBe(501);
  });

  it('has a card of 1200x630 for each chapter type and the network', () => {
    for (const id of [0, ...CHAPTER_TYPES.map((type) => type.id)]) {
      const png = readFileSync(path.resolve(`src/web/public/embed/card/${id}.png`));
      expect(png.subarray(1, 4).toString('latin1'), `${id}.png`).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], `${id}.png`).toEqual([1200, 630]);
    }
  });
});
