// Press mention edits (spec 2 §2 Press Mentions, §5, §7): all of a chapter's mentions for its
// hosts, one by slug, save (add or edit by slug) and delete. Network-wide mentions are admins'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { activityFeedItems, pressMentions } from '../../db/schema';
import { PRESS_MESSAGES, pressMentionSchema } from '../../../common/schemas/chapters';
import {
  createChapterAdminWorld,
  fieldMessage,
  fieldNames,
  grantRole,
  insertChapter,
  PAST_INTEGER_RANGE,
  rawJson,
  send,
  uniqueSlug,
  WITH_NUL,
  type CallerKind,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const saveMention = (payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/press_mention/', payload }, cookie);
const bySlug = (slug: string, cookie?: string) =>
  send(t, { method: 'GET', url: `/api/press_mention/slug/${slug}` }, cookie);
const allOf = (chapterId: number | string, cookie?: string) =>
  send(t, { method: 'GET', url: `/api/press_mention/chapter/${chapterId}/all` }, cookie);
const remove = (slug: string, cookie?: string) =>
  send(t, { method: 'DELETE', url: `/api/press_mention/slug/${slug}` }, cookie);

async function freshChapter(status = 1) {
  const chapter = await insertChapter(t, { status });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  return chapter;
}

async function insertMention(
  chapterId: number | null,
  values: { isVisible?: boolean; title?: string } = {},
) {
  const [row] = await t.db
    .insert(pressMentions)
    .values({
      chapterId,
      title: values.title ?? 'A story',
      url: 'https://news.example.com/story',
      slug: uniqueSlug('story'),
      isVisible: values.isVisible ?? true,
    })
    .returning();
  return row!;
}

const mention = (chapterId: number | null, changes: object = {}) => ({
  title: 'Greenpoint pub night in the Times',
  url: 'https://www.nytimes.example.com/greenpoint',
  notes: 'Page B3',
  isVisible: true,
  chapterId,
  ...changes,
});

describe('POST /api/press_mention/: add', () => {
  it('saves a new mention with a generated slug, answers it, and records an activity item', async () => {
    const chapter = await freshChapter();
    const res = await saveMention(mention(chapter.id, { isVisible: false }), w.cookies.host);
    expect(res.statusCode).toBe(200);
    const saved = pressMentionSchema.parse(res.json());
    expect(saved).toMatchObject({
      ...mention(chapter.id, { isVisible: false }),
      chapter: { id: chapter.id, slug: chapter.slug },
    });
    expect(saved.slug).toMatch(/^greenpoint-pub-night-in-the-times-[0-9a-f]{6}$/);
    const items = await t.db
      .select()
      .from(activityFeedItems)
      .where(eq(activityFeedItems.objectId, saved.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'press_mention',
      title: saved.title,
      chapterId: chapter.id,
      userId: w.users.host.id,
      adminOnly: false,
    });
  });

  it('trims, defaults notes to empty and isVisible to true', async () => {
    const chapter = await freshChapter();
    const res = await saveMention(
      { title: '  Spaced  ', url: ' https://x.example.org/a ', chapterId: chapter.id },
      w.cookies.fieldOrganizer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Spaced',
      url: 'https://x.example.org/a',
      notes: '',
      isVisible: true,
    });
  });

  it('lets only admins add a network-wide mention (chapterId -1 or null)', async () => {
    for (const chapterId of [-1, null]) {
      for (const kind of ['host', 'fieldOrganizer', 'noRole'] as const) {
        const res = await saveMention(mention(chapterId), w.cookies[kind]);
        expect(res.statusCode, `${kind} ${chapterId}`).toBe(403);
      }
      expect((await saveMention(mention(chapterId))).statusCode).toBe(401);
      const res = await saveMention(mention(chapterId), w.cookies.admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ chapterId: null, chapter: null });
    }
  });

  it('answers 401 to a visitor, 403 to others and 404 for no such chapter', async () => {
    const chapter = await freshChapter();
    expect((await saveMention(mention(chapter.id))).statusCode).toBe(401);
    expect((await saveMention(mention(chapter.id), w.cookies.noRole)).statusCode).toBe(403);
    expect((await saveMention(mention(chapter.id), w.cookies.otherHost)).statusCode).toBe(403);
    expect((await saveMention(mention(999_999), w.cookies.admin)).statusCode).toBe(404);
    expect((await saveMention(mention(0), w.cookies.admin)).statusCode).toBe(404);
    const res = await allOf(chapter.id, w.cookies.admin);
    expect(res.json()).toEqual([]);
  });
});

describe('POST /api/press_mention/: edit by slug', () => {
  it('saves the changes under the same slug, without a new activity item', async () => {
    const chapter = await freshChapter();
    const made = (await saveMention(mention(chapter.id), w.cookies.host)).json();
    const res = await saveMention(
      mention(chapter.id, { slug: made.slug, title: 'Corrected title', isVisible: false }),
      w.cookies.fieldOrganizer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.id,
      slug: made.slug,
      title: 'Corrected title',
      isVisible: false,
    });
    const items = await t.db
      .select()
      .from(activityFeedItems)
      .where(eq(activityFeedItems.objectId, made.id));
    expect(items.filter((i) => i.type === 'press_mention')).toHaveLength(1);
  });

  it("refuses an edit of another chapter's mention, or a move to a chapter the caller does not run", async () => {
    const chapter = await freshChapter();
    const made = (await saveMention(mention(chapter.id), w.cookies.host)).json();
    const hijack = await saveMention(
      mention(w.other.id, { slug: made.slug, title: 'Ours now' }),
      w.cookies.otherHost,
    );
    expect(hijack.statusCode).toBe(403);
    const sameChapter = await saveMention(
      mention(chapter.id, { slug: made.slug, title: 'Ours now' }),
      w.cookies.otherHost,
    );
    expect(sameChapter.statusCode).toBe(403);
    const move = await saveMention(mention(w.other.id, { slug: made.slug }), w.cookies.host);
    expect(move.statusCode).toBe(403);
    const toNetwork = await saveMention(mention(-1, { slug: made.slug }), w.cookies.host);
    expect(toNetwork.statusCode).toBe(403);
    const [row] = await t.db.select().from(pressMentions).where(eq(pressMentions.id, made.id));
    expect(row).toMatchObject({ chapterId: chapter.id, title: made.title });
  });

  it('lets only admins edit a network-wide mention', async () => {
    const chapter = await freshChapter();
    const network = await insertMention(null);
    // A host may not pull it into their own chapter either.
    for (const kind of ['host', 'fieldOrganizer'] as const) {
      const res = await saveMention(mention(chapter.id, { slug: network.slug }), w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
    }
    const res = await saveMention(
      mention(-1, { slug: network.slug, title: 'Edited' }),
      w.cookies.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: network.slug, title: 'Edited', chapterId: null });
  });

  it('answers 404 for an unknown slug', async () => {
    const chapter = await freshChapter();
    const res = await saveMention(mention(chapter.id, { slug: 'no-such-story' }), w.cookies.host);
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/press_mention/ refuses bad requests', () => {
  it("gives the spec's messages for a blank title or URL", async () => {
    const chapter = await freshChapter();
    const title = await saveMention(mention(chapter.id, { title: '   ' }), w.cookies.host);
    expect(title.statusCode).toBe(400);
    expect(fieldNames(title)).toEqual(['body.title']);
    expect(fieldMessage(title, 'body.title')).toBe(PRESS_MESSAGES.title);
    expect(PRESS_MESSAGES).toEqual({ title: 'Title is Required', url: 'URL is Required' });
    const url = await saveMention(mention(chapter.id, { url: '' }), w.cookies.host);
    expect(url.statusCode).toBe(400);
    expect(fieldNames(url)).toEqual(['body.url']);
    expect(fieldMessage(url, 'body.url')).toBe(PRESS_MESSAGES.url);
  });

  it('answers 400 naming the field for an unsafe URL or a value of the wrong kind, never 500', async () => {
    const chapter = await freshChapter();
    const cases: [object, string][] = [
      [{ url: 'javascript:alert(1)' }, 'body.url'],
      [{ url: 'data:text/html,hi' }, 'body.url'],
      [{ url: 'ftp://files.example.org/x' }, 'body.url'],
      [{ url: 'not a url' }, 'body.url'],
      [{ title: 5 }, 'body.title'],
      [{ title: undefined }, 'body.title'],
      [{ isVisible: 'yes' }, 'body.isVisible'],
      [{ notes: ['a'] }, 'body.notes'],
      [{ chapterId: undefined }, 'body.chapterId'],
      [{ chapterId: 'abc' }, 'body.chapterId'],
      [{ chapterId: -2 }, 'body.chapterId'],
      [{ chapterId: 1.5 }, 'body.chapterId'],
      [{ slug: '' }, 'body.slug'],
      [{ slug: 7 }, 'body.slug'],
    ];
    for (const [change, field] of cases) {
      const res = await saveMention(mention(chapter.id, change), w.cookies.admin);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldNames(res), JSON.stringify(change)).toEqual([field]);
    }
    const malformed = await send(
      t,
      { method: 'POST', url: '/api/press_mention/', raw: rawJson('{"title": "x"') },
      w.cookies.admin,
    );
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST, GET and DELETE of press mentions never answer 500 to bad text or ids', () => {
  it('answers 400 naming body.chapterId for an id past the integer range', async () => {
    const res = await saveMention(mention(PAST_INTEGER_RANGE), w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.chapterId']);
  });

  it('answers 400 naming the field for text holding a NUL character', async () => {
    const chapter = await freshChapter();
    for (const field of ['title', 'notes', 'slug']) {
      const res = await saveMention(mention(chapter.id, { [field]: WITH_NUL }), w.cookies.host);
      expect(res.statusCode, field).toBe(400);
      expect(fieldNames(res), field).toEqual([`body.${field}`]);
    }
    expect((await bySlug('a%00b')).statusCode).toBe(400);
    expect((await remove('a%00b', w.cookies.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/press_mention/chapter/:id/all', () => {
  it('answers all of the chapter’s mentions, visible or not, newest first, to its hosts', async () => {
    const chapter = await freshChapter(0);
    await insertMention(chapter.id, { title: 'Older' });
    await insertMention(chapter.id, { title: 'Pulled', isVisible: false });
    await insertMention(w.other.id, { title: 'Not ours' });
    for (const kind of ['host', 'fieldOrganizer', 'admin'] as const) {
      const res = await allOf(chapter.id, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(200);
      const titles = pressMentionSchema
        .array()
        .parse(res.json())
        .map((m) => m.title);
      expect(titles, kind).toEqual(['Pulled', 'Older']);
    }
  });

  it('answers 401, 403, 404 and 400 as the other host-level calls do', async () => {
    const chapter = await freshChapter();
    await insertMention(chapter.id, { title: 'Pulled', isVisible: false });
    expect((await allOf(chapter.id)).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost'] as const) {
      const res = await allOf(chapter.id, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
      expect(res.body).not.toContain('Pulled');
    }
    expect((await allOf(999_999, w.cookies.admin)).statusCode).toBe(404);
    const bad = await allOf('abc', w.cookies.admin);
    expect(bad.statusCode).toBe(400);
    expect(fieldNames(bad)).toEqual(['params.id']);
  });
});

describe('GET /api/press_mention/slug/:slug', () => {
  const everyone: CallerKind[] = [
    'visitor',
    'noRole',
    'otherHost',
    'host',
    'fieldOrganizer',
    'admin',
  ];
  const statusFor = async (slug: string) =>
    Object.fromEntries(
      await Promise.all(
        everyone.map(async (kind) => [kind, (await bySlug(slug, w.cookies[kind])).statusCode]),
      ),
    );

  it('answers a visible mention of a visible chapter to anyone', async () => {
    const chapter = await freshChapter();
    const m = await insertMention(chapter.id);
    expect(await statusFor(m.slug)).toEqual(Object.fromEntries(everyone.map((k) => [k, 200])));
    const res = await bySlug(m.slug);
    expect(pressMentionSchema.parse(res.json())).toMatchObject({
      slug: m.slug,
      chapter: { id: chapter.id },
    });
  });

  it('answers a hidden mention, or one of a hidden chapter, to its editors only (404 to others)', async () => {
    const hiddenOnes = [
      await insertMention((await freshChapter()).id, { isVisible: false }),
      await insertMention((await freshChapter(0)).id),
    ];
    for (const m of hiddenOnes) {
      expect(await statusFor(m.slug)).toEqual({
        visitor: 404,
        noRole: 404,
        otherHost: 404,
        host: 200,
        fieldOrganizer: 200,
        admin: 200,
      });
    }
  });

  it('answers network-wide mentions to anyone when visible, else to admins only', async () => {
    const visible = await insertMention(null);
    const invisible = await insertMention(null, { isVisible: false });
    expect(await statusFor(visible.slug)).toEqual(
      Object.fromEntries(everyone.map((k) => [k, 200])),
    );
    expect(await statusFor(invisible.slug)).toEqual({
      visitor: 404,
      noRole: 404,
      otherHost: 404,
      host: 404,
      fieldOrganizer: 404,
      admin: 200,
    });
    expect((await bySlug('no-such-story', w.cookies.admin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/press_mention/slug/:slug', () => {
  it('deletes a mention for its editors only; then it is gone', async () => {
    const chapter = await freshChapter();
    const m = await insertMention(chapter.id);
    expect((await remove(m.slug)).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost'] as const) {
      expect((await remove(m.slug, w.cookies[kind])).statusCode, kind).toBe(403);
    }
    const res = await remove(m.slug, w.cookies.host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    expect((await bySlug(m.slug, w.cookies.admin)).statusCode).toBe(404);
    expect((await remove(m.slug, w.cookies.host)).statusCode).toBe(404);
    // Fastify refuses a path parameter past 100 characters before any route sees it.
    expect((await remove('x'.repeat(301), w.cookies.admin)).statusCode).toBe(414);
    expect((await bySlug('x'.repeat(301))).statusCode).toBe(414);
  });

  it("takes the mention's item out of the chapter's activity feed", async () => {
    const chapter = await freshChapter();
    const saved = pressMentionSchema.parse(
      (await saveMention(mention(chapter.id), w.cookies.host)).json(),
    );
    const feedItems = () =>
      t.db.select().from(activityFeedItems).where(eq(activityFeedItems.objectId, saved.id));
    expect(await feedItems()).toHaveLength(1);
    expect((await remove(saved.slug, w.cookies.host)).statusCode).toBe(200);
    expect(await feedItems()).toEqual([]);
  });

  it('lets only admins delete a network-wide mention', async () => {
    const m = await insertMention(null);
    for (const kind of ['host', 'fieldOrganizer', 'otherHost', 'noRole'] as const) {
      expect((await remove(m.slug, w.cookies[kind])).statusCode, kind).toBe(403);
    }
    expect((await remove(m.slug, w.cookies.admin)).statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(pressMentions)
      .where(and(eq(pressMentions.id, m.id)));
    expect(row).toBeUndefined();
  });
});
