// Press mentions are bounded (issue 19, item 8): a chapter holds at most
// LIMITS.pressMentionsPerChapter, and the public lists answer a page at a time, so that a chapter
// with a hundred long mentions still has its page drawn on the server within its budget.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { activityFeedItems, pressMentions } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import { MAX_PRESS_MENTION_COUNT, pressMentionSchema } from '../../../common/schemas/chapters';
import { MAX_DRAWN_ANSWERS_CHARS } from '../seo/buildPage';
import {
  createChapterAdminWorld,
  fieldMessage,
  fieldNames,
  grantRole,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-press-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Chapters</title></head><body><div id="root"></div></body></html>',
);

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  // Pages and answers kept an hour: what changes on a page was forgotten by a write.
  t = await createTestApp({ webDir, env: { PUBLIC_CACHE_SECONDS: '3600' } });
  w = await createChapterAdminWorld(t);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const save = (payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/press_mention/', payload }, cookie);
const get = (url: string) => send(t, { method: 'GET', url });
const titlesOf = (body: unknown) =>
  pressMentionSchema
    .array()
    .parse(body)
    .map((m) => m.title);

const mention = (chapterId: number | null, changes: object = {}) => ({
  title: 'Greenpoint pub night in the Times',
  url: 'https://www.nytimes.example.com/greenpoint',
  notes: 'Page B3',
  isVisible: true,
  chapterId,
  ...changes,
});

async function freshChapter(values = {}) {
  const chapter = await insertChapter(t, values);
  await grantRole(t, w.users.host.id, 3, chapter.id);
  return chapter;
}

const MINUTE = 60_000;
/**
 * `n` mentions as long as a save allows, the first the newest, put straight in the database (as
 * an attack before the cap left them).
 */
async function insertLongMentions(chapterId: number, n: number, prefix: string) {
  const now = Date.now();
  await t.db.insert(pressMentions).values(
    Array.from({ length: n }, (_, i) => ({
      chapterId,
      title: `${prefix} ${i} ${'t'.repeat(280)}`,
      url: `https://news.example.com/${'u'.repeat(1900)}/${i}`,
      notes: 'n'.repeat(5000),
      slug: uniqueSlug(`${prefix}-${i}`),
      isVisible: true,
      createdAt: new Date(now - i * MINUTE),
    })),
  );
}

const countOf = async (chapterId: number) =>
  (await t.db.select().from(pressMentions).where(eq(pressMentions.chapterId, chapterId))).length;

describe('a chapter holds a bounded number of press mentions', () => {
  it(`refuses the mention past ${LIMITS.pressMentionsPerChapter} with a 400 naming the chapter, and stores nothing of it`, async () => {
    const chapter = await freshChapter();
    await t.db.insert(pressMentions).values(
      Array.from({ length: LIMITS.pressMentionsPerChapter - 2 }, (_, i) => ({
        chapterId: chapter.id,
        title: `Filler ${i}`,
        url: 'https://news.example.com/filler',
        slug: uniqueSlug('filler'),
        isVisible: i % 2 === 0, // hidden ones count too
      })),
    );
    const feed = () =>
      t.db.select().from(activityFeedItems).where(eq(activityFeedItems.chapterId, chapter.id));
    // The last two places, asked for at once with a third: exactly two are taken.
    const answers = await Promise.all(
      [1, 2, 3].map((n) => save(mention(chapter.id, { title: `Racing ${n}` }), w.cookies.host)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(fieldMessage(refused, 'body.chapterId')).toBe(
      `A chapter can have at most ${LIMITS.pressMentionsPerChapter} press mentions. Delete one it no longer needs first.`,
    );
    expect(await countOf(chapter.id)).toBe(LIMITS.pressMentionsPerChapter);
    expect(await feed()).toHaveLength(2);

    // Moving another chapter's mention in is a new one for this chapter too; an admin is held
    // to it as well.
    const elsewhere = (await save(mention(w.chapter.id), w.cookies.admin)).json();
    const moved = await save(mention(chapter.id, { slug: elsewhere.slug }), w.cookies.admin);
    expect(moved.statusCode).toBe(400);
    expect(fieldNames(moved)).toEqual(['body.chapterId']);
    const [still] = await t.db
      .select()
      .from(pressMentions)
      .where(eq(pressMentions.slug, elsewhere.slug));
    expect(still!.chapterId).toBe(w.chapter.id);

    // Editing one it has is not; after a delete there is room for one again.
    const own = answers.find((r) => r.statusCode === 200)!.json() as { slug: string };
    const edit = await save(
      mention(chapter.id, { slug: own.slug, title: 'Fixed' }),
      w.cookies.host,
    );
    expect(edit.statusCode).toBe(200);
    const removed = await send(
      t,
      { method: 'DELETE', url: `/api/press_mention/slug/${own.slug}` },
      w.cookies.host,
    );
    expect(removed.statusCode).toBe(200);
    expect((await save(mention(chapter.id), w.cookies.host)).statusCode).toBe(200);
    expect(await countOf(chapter.id)).toBe(LIMITS.pressMentionsPerChapter);
    // Network-wide mentions belong to no chapter and are not counted against one.
    expect((await save(mention(-1), w.cookies.admin)).statusCode).toBe(200);
  });
});

describe('the public press lists answer a page at a time', () => {
  it('answer a chapter with 120 long mentions in bounded pages that together hold every one', async () => {
    const chapter = await freshChapter({ state: 'VT' });
    await insertLongMentions(chapter.id, 120, 'Story');
    const base = `/api/press_mention/chapter/${chapter.id}/public`;

    // The spec's call, asked as the spec has it: the newest page, not every mention.
    const plain = await get(base);
    expect(plain.statusCode).toBe(200);
    const newest = titlesOf(plain.json());
    expect(newest).toHaveLength(LIMITS.pressMentionsPage);
    expect(newest[0]).toMatch(/^Story 0 /);
    expect(plain.body.length).toBeLessThan(LIMITS.pressMentionsPage * 8 * 1024);

    // Paged through, every mention comes once, newest first.
    const seen: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await get(`${base}?offset=${offset}&limit=50`);
      expect(page.statusCode).toBe(200);
      const titles = titlesOf(page.json());
      seen.push(...titles);
      if (titles.length < 50) break;
    }
    expect(seen).toHaveLength(120);
    expect(seen.map((s) => Number(s.split(' ')[1]))).toEqual([...Array(120).keys()]);

    // The state's list and the network's are paged alike.
    expect(titlesOf((await get('/api/press_mention/public/state/vt')).json())).toEqual(newest);
    const state = await get('/api/press_mention/public/state/vt?offset=118&limit=5');
    expect(titlesOf(state.json()).map((s) => s.split(' ')[1])).toEqual(['118', '119']);
    const network = titlesOf((await get('/api/press_mention/public')).json());
    expect(network).toHaveLength(LIMITS.pressMentionsPage);
    const next = await get('/api/press_mention/public?offset=1&limit=2');
    expect(titlesOf(next.json())).toEqual(network.slice(1, 3));
  });

  it('answer 400 naming the field for a bad offset or limit, never 500', async () => {
    const base = `/api/press_mention/chapter/${w.chapter.id}/public`;
    for (const [query, field] of [
      ['limit=0', 'querystring.limit'],
      [`limit=${MAX_PRESS_MENTION_COUNT + 1}`, 'querystring.limit'],
      ['limit=abc', 'querystring.limit'],
      ['limit=1e3', 'querystring.limit'],
      ['limit=1&limit=2', 'querystring.limit'],
      ['offset=-1', 'querystring.offset'],
      ['offset=9999999', 'querystring.offset'],
      ['offset=1.5', 'querystring.offset'],
    ] as const) {
      for (const url of [base, '/api/press_mention/public', '/api/press_mention/public/state/ny']) {
        const res = await get(`${url}?${query}`);
        expect(res.statusCode, `${url}?${query}`).toBe(400);
        expect(fieldNames(res), `${url}?${query}`).toEqual([field]);
      }
    }
  });
});

describe("a chapter's page with many press mentions", () => {
  /** The <main> the server drew, or '' where it drew none. */
  const firstScreen = (html: string) =>
    /<main [^>]*data-first-screen="">([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';

  it('is still drawn on the server within its budget, with the newest few and Load More', async () => {
    const chapter = await freshChapter({ state: 'WY' });
    await insertLongMentions(chapter.id, LIMITS.pressMentionsPerChapter, 'Cheyenne');
    for (const url of [`/chapter/wy/${chapter.slug}`, '/chapters/wy']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const main = firstScreen(res.body);
      expect(main, url).toContain('Cheyenne 0 ');
      expect(main, url).toContain(`Cheyenne ${LIMITS.pressMentionsShown - 1} `);
      expect(main, url).not.toContain(`Cheyenne ${LIMITS.pressMentionsShown} `);
      expect(main, url).toMatch(/<button[^>]*>Load More<\/button>/);
      const carried = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(
        res.body,
      )![1]!;
      expect(carried.length, url).toBeLessThan(MAX_DRAWN_ANSWERS_CHARS);
    }
  });

  it('forgets the drawn page when one of its mentions is deleted', async () => {
    const chapter = await freshChapter({ state: 'WY' });
    const saved = (await save(mention(chapter.id, { title: 'Soon gone' }), w.cookies.host)).json();
    const url = `/chapter/wy/${chapter.slug}`;
    expect(firstScreen((await t.app.inject({ url })).body)).toContain('Soon gone');
    const removed = await send(
      t,
      { method: 'DELETE', url: `/api/press_mention/slug/${saved.slug}` },
      w.cookies.host,
    );
    expect(removed.statusCode).toBe(200);
    expect(firstScreen((await t.app.inject({ url })).body)).not.toContain('Soon gone');
  });

  it('forgets the page of the chapter a mention moves away from', async () => {
    const from = await freshChapter({ state: 'WY' });
    const to = await freshChapter({ state: 'WY' });
    const saved = (await save(mention(from.id, { title: 'Moving story' }), w.cookies.host)).json();
    const url = `/chapter/wy/${from.slug}`;
    expect(firstScreen((await t.app.inject({ url })).body)).toContain('Moving story');
    const moved = await save(
      mention(to.id, { slug: saved.slug, title: 'Moving story' }),
      w.cookies.host,
    );
    expect(moved.statusCode).toBe(200);
    expect(firstScreen((await t.app.inject({ url })).body)).not.toContain('Moving story');
  });
});
