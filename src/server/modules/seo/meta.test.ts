import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { MAX_DRAWN_ANSWERS_CHARS } from './buildPage';
import { LIMITS } from '../../../common/constants';
import { dateWithWeekday } from '../../../common/eventSchedule';
import type { EventPage } from '../../../common/schemas/eventDates';
import { seedDemo } from '../../seed/demo';
import { blogPosts, chapterEventExceptions, chapters } from '../../db/schema';

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

const head = async (url: string, status = 200) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(status);
  return res.body;
};
const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin \/>/g)].map((m) =>
    m[1]!.replaceAll('&amp;', '&'),
  );
const HAWK_N_DOVE = '/chapter/dc/drinking-liberally-capitol-hill/events/capitol-hill-hawk-n-dove';
/** The <main> the server drew, or '' where it drew none. */
const firstScreen = (html: string) =>
  /<main [^>]*data-first-screen="">([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
/** The answers a page carries for its first screen, by query key. */
const carriedAnswers = (html: string) => {
  const block = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(html);
  const state = JSON.parse(block![1]!) as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[];
  };
  return new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state.data]));
};

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

  it('says only that a hidden chapter is not active, and asks not to index it', async () => {
    const [hidden] = await t.db.select().from(chapters).where(eq(chapters.status, 0)).limit(1);
    const html = await head(`/chapter/${hidden!.state.toLowerCase()}/${hidden!.slug}`, 404);
    expect(html).not.toContain(hidden!.title);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    // The page's frame says what the app's screen says (spec 1 §2), before any script runs.
    expect(html).toContain('<h1 data-server-heading="">This Chapter is not active.</h1>');
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

  it('names for preloading the answers a page needs and does not carry, each one there', async () => {
    const [hidden] = await t.db.select().from(chapters).where(eq(chapters.status, 0)).limit(1);
    // The home page carries its news, callout and press; the map's answer is fetched beside
    // the script.
    const paths = preloads(await head('/'));
    expect(paths).toEqual(['/api/chapters/map']);
    expect((await t.app.inject({ url: paths[0]! })).statusCode).toBe(200);
    expect(preloads(await head('/chapters/ny'))).toEqual([]);
    // Nothing is named for what is not there.
    expect(preloads(await head(`/chapter/ny/${hidden!.slug}`, 404))).toEqual([]);
    expect(preloads(await head('/chapters/zz', 404))).toEqual([]);
  });

  it("draws a chapter's first screen in the page, with the answers it was drawn with", async () => {
    const [chapter] = await t.db.select().from(chapters).where(eq(chapters.status, 1)).limit(1);
    const url = `/chapter/${chapter!.state.toLowerCase()}/${chapter!.slug}`;
    const html = await head(url);
    const main = firstScreen(html);
    expect(main).toContain(`<h1 id="chapter-title"`);
    expect(main).toContain('Join the mailing list');
    // Its form waits for the app: nothing typed into it before then is lost.
    const controls = main.match(/<(input|button|select|textarea)\b[^>]*>/g) ?? [];
    expect(controls.length).toBeGreaterThan(0);
    for (const tag of controls) expect(tag).toMatch(/ disabled=""/);
    expect(main).toContain(chapter!.about.slice(0, 40));
    // Each answer it carries is the API's own, as a visitor gets it.
    const carried = carriedAnswers(html);
    const read = carried.get(JSON.stringify(['chapter', chapter!.slug, null]));
    expect(read).toEqual(
      (await t.app.inject({ url: `/api/chapter/slug/${chapter!.slug}` })).json(),
    );
    const posts = carried.get(JSON.stringify(['chapter-posts', chapter!.id])) as {
      pages: unknown[];
    };
    expect(posts.pages).toEqual([
      (await t.app.inject({ url: `/api/chapter_blog_post/public/${chapter!.id}/0` })).json(),
    ]);
    // Not the signed-in user: the page is the same for everyone, and a visitor's.
    expect([...carried.keys()].some((k) => k.includes('"auth"'))).toBe(false);
  });

  it("draws a state's list and the home page's news in the page", async () => {
    const ny = await t.db.select().from(chapters).where(eq(chapters.state, 'NY'));
    const state = firstScreen(await head('/chapters/ny'));
    for (const c of ny.filter((c) => c.status === 1)) expect(state).toContain(c.city);
    for (const c of ny.filter((c) => c.status !== 1)) expect(state).not.toContain(c.title);
    const [post] = await t.db.select().from(blogPosts).where(eq(blogPosts.isPublic, true)).limit(1);
    const home = firstScreen(await head('/'));
    expect(home).toContain('Find a chapter near you');
    expect(home).toContain(post!.title);
  });

  it("leaves a state's list too long to draw at once to the browser, and preloads it", async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      title: `Wyoming ${i}`,
      slug: `wyoming-many-${i}`,
      city: `Town ${i}`,
      state: 'WY',
      status: 1,
      about: `<p>${'A chapter with a long about text. '.repeat(4)}</p>`,
    }));
    await t.db.insert(chapters).values(many);
    const list = await t.app.inject({ url: '/api/chapters/state/wy' });
    expect(list.body.length).toBeGreaterThan(MAX_DRAWN_ANSWERS_CHARS);
    const html = await head('/chapters/wy');
    expect(firstScreen(html)).toBe('');
    expect(html).not.toContain('first-answers');
    expect(html).toMatch(/<h1 data-server-heading="">Wyoming<\/h1>/);
    expect(preloads(html)).toEqual([
      '/api/chapters/state/wy',
      // The newest few press mentions, and one more whose coming says there are more.
      `/api/press_mention/public/state/wy?limit=${LIMITS.pressMentionsShown + 1}`,
    ]);
  });

  it('draws a page as a visitor sees it, whoever asks', async () => {
    const admin = await signedInUser(t, { admin: true });
    const url = '/chapter/ny/drinking-liberally-upper-west-side';
    const html = (await t.app.inject({ url, headers: { cookie: admin.cookie } })).body;
    expect(firstScreen(html)).not.toContain('Chapter Admin Tools');
  });

  it('leaves the screen to the app where it draws nothing: a missing chapter, a form', async () => {
    const [hidden] = await t.db.select().from(chapters).where(eq(chapters.status, 0)).limit(1);
    expect(await head(`/chapter/ny/${hidden!.slug}`, 404)).not.toContain('data-first-screen');
    expect(await head('/signin')).not.toContain('data-first-screen');
    expect(await head('/signin')).not.toContain('first-answers');
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

  it('writes text holding $ patterns exactly as written, once, in title, meta and data', async () => {
    const odd = "Cash $` and $' and $& and $$ and $1";
    await t.db
      .update(chapters)
      .set({ title: odd, about: `<p>${odd} about us</p>` })
      .where(eq(chapters.slug, 'drinking-liberally-upper-west-side'));
    const html = await head('/chapter/ny/drinking-liberally-upper-west-side');
    for (const tag of ['<html>', '<head>', '</head>', '<title>', '<div id="root">']) {
      expect(html.split(tag).length - 1, tag).toBe(1);
    }
    const escaped = 'Cash $` and $&#39; and $&amp; and $$ and $1';
    expect(attr(html, /<title>([^<]*)<\/title>/)).toContain(escaped);
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toContain(escaped);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toContain(escaped);
    const data = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(data).toContain(odd.replaceAll('"', '\\"'));
  });

  it('gives an event page its title, preview tags and its dates as schema.org Events', async () => {
    const path = HAWK_N_DOVE;
    const api = await t.app.inject({
      url: '/api/chapter_event/slug/capitol-hill-hawk-n-dove/page',
    });
    const dates = api.json<{ id: number; dates: { date: string; status: string }[] }>();
    // Skip the third coming date, so the page has one whatever day the test runs.
    const skipped = dates.dates.filter((d) => d.status === 'scheduled')[2]!.date;
    await t.db
      .insert(chapterEventExceptions)
      .values({ eventId: dates.id, date: skipped, note: 'Closed for a private party' });

    const html = await head(path);
    // The chapter and the place (issue 35), in the title and the link preview's title alike.
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(
      'Drinking Liberally Capitol Hill at Hawk &#39;n&#39; Dove | Living Liberally',
    );
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(
      'Drinking Liberally Capitol Hill at Hawk &#39;n&#39; Dove | Living Liberally',
    );
    expect(html).toContain(`<link rel="canonical" href="https://chapters.example.org${path}" />`);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toContain(
      'Every Thursday, 6:00–8:00pm',
    );
    const blocks = [
      ...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((b) => JSON.parse(b[1]!) as Record<string, unknown>);
    expect(blocks.length).toBeGreaterThan(2);
    expect(blocks[0]).toMatchObject({
      '@type': 'Event',
      url: `https://chapters.example.org${path}`,
      location: { '@type': 'Place', name: "Hawk 'n' Dove" },
    });
    expect(blocks.map((b) => b.eventStatus)).toContain('https://schema.org/EventCancelled');
  });

  it("draws an event's first screen in the page: its name and next meeting", async () => {
    const read = '/api/chapter_event/slug/capitol-hill-hawk-n-dove/page';
    const html = await head(HAWK_N_DOVE);
    const main = firstScreen(html);
    expect(main).toMatch(
      /<h1 id="event-title"[^>]*>Drinking Liberally Capitol Hill at Hawk &#x27;n&#x27; Dove<\/h1>/,
    );
    const event = (await t.app.inject({ url: read })).json<EventPage>();
    const next = event.dates.find((d) => d.status !== 'cancelled')!;
    const card = main.slice(main.indexOf('Next meeting'), main.indexOf('Next dates'));
    expect(card).toContain(`${dateWithWeekday(next.meetsOn, 'long')}, `);
    expect(card).toContain('329 Pennsylvania Ave SE, Washington, DC 20003');
    // The app starts with the API's own answer, as a visitor gets it.
    expect(
      carriedAnswers(html).get(JSON.stringify(['chapter-event-page', event.slug, null])),
    ).toEqual(event);
    // ...and its chapter's, whose join box and host card the screen draws at once (issue 35).
    const chapter = (
      await t.app.inject({ url: '/api/chapter/slug/drinking-liberally-capitol-hill' })
    ).json<{ permissions: { roleId: number; user: { name: string } }[] }>();
    expect(
      carriedAnswers(html).get(
        JSON.stringify(['chapter', 'drinking-liberally-capitol-hill', null]),
      ),
    ).toEqual(chapter);
    expect(main).toContain('Join the mailing list');
    const host = chapter.permissions.find((p) => p.roleId === 3)!.user.name;
    expect(main.slice(main.indexOf('id="hosts-title"'))).toContain(host);
  });

  it("draws no hidden chapter's event, for a visitor nor for its host's browser", async () => {
    const path = '/chapter/tn/laughing-liberally-nashville/events/nashville-zanies';
    const admin = await signedInUser(t, { admin: true });
    for (const cookie of [undefined, admin.cookie]) {
      const res = await t.app.inject({ url: path, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('data-first-screen');
      expect(res.body).not.toContain('first-answers');
      expect(res.body).not.toContain('Zanies');
    }
    // The host's browser asks for its own answer, which shows the event.
    const api = '/api/chapter_event/slug/nashville-zanies/page';
    const own = await t.app.inject({ url: api, headers: { cookie: admin.cookie } });
    expect(own.statusCode).toBe(200);
  });

  it('asks not to index an event under another chapter, or none', async () => {
    const other = await head(
      '/chapter/ny/drinking-liberally-upper-west-side/events/capitol-hill-hawk-n-dove',
      404,
    );
    expect(other).toContain('<meta name="robots" content="noindex" />');
    const missing = await head(
      '/chapter/dc/drinking-liberally-capitol-hill/events/no-such-event',
      404,
    );
    expect(missing).toContain('<meta name="robots" content="noindex" />');
  });

  it("sends the page's frame: menu, heading and footer, before any script runs", async () => {
    const root = (html: string) =>
      /<div id="root">([\s\S]*?)<\/div>\s*(<script|<\/body>)/.exec(html)?.[1] ?? '';
    const chapter = root(await head('/chapter/pa/drinking-liberally-pittsburgh'));
    const year = `© ${new Date().getFullYear()} Living Liberally`;
    expect(chapter).toContain('<nav aria-label="Main"');
    expect(chapter).toMatch(/<a class="site-brand navbar-brand" href="\/"><svg class="brand-mark"/);
    expect(chapter).toContain('<a class="nav-link" href="/about">About</a>');
    expect(chapter).toMatch(/<h1 id="chapter-title"[^>]*><a [^>]*>Pittsburgh<\/a><\/h1>/);
    // The footer: the current year (issue 25), the network's pages and its address.
    expect(chapter).toContain(year);
    for (const link of [
      '/about',
      '/chapter_types',
      '/intro_start_chapter',
      '/press_mentions',
      '/blog',
    ])
      expect(chapter).toContain(`<li><a href="${link}">`);
    expect(chapter).toContain('href="mailto:info@livingliberally.org"');
    // A screen the server does not draw: its heading.
    const about = root(await head('/about'));
    expect(about).toMatch(/<h1 data-server-heading="">About[^<]*<\/h1>/);
    expect(about).toContain(year);
    expect(root(await head('/blog'))).toContain('<h1 data-server-heading="">Blog</h1>');
  });

  it('answers 404 for a chapter, page, post, wiki page, event or path that does not exist', async () => {
    for (const [url, heading] of [
      ['/chapter/ny/no-such-chapter', 'Chapter not found'],
      ['/chapter/ny/drinking-liberally-upper-west-side/events/no-such-event', 'Event not found'],
      ['/page/no_such_page', 'Page not found'],
      ['/blog/no_such_post', 'Page not found'],
      ['/wiki/no_such_page', 'Page not found'],
      ['/chapters/zz', 'Page not found'],
      ['/no/such/place', 'Page not found'],
    ] as const) {
      const html = await head(url, 404);
      expect(html, url).toContain(`<h1 data-server-heading="">${heading}</h1>`);
      expect(html, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it("answers 200 for the app's own screens the server does not look up", async () => {
    for (const url of [
      '/',
      '/signin',
      '/register_for_account',
      '/password_verify/some-token',
      '/settings',
      '/my_chapters',
      '/my_chapter_host_applications',
      '/chapter/ny/drinking-liberally-upper-west-side/admin/events',
      '/admin/users/1',
      '/unsubscribe/abc',
      '/confirm-subscription/abc',
    ]) {
      await head(url, 200);
    }
  });
});
