// GET /api/activity_feed_item/chapter/{id} (host-level; admin-only items for admins only) and
// GET /api/activity_feed_item/all (admins) (spec 2 §3 Activity feed item, §7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { activityFeedItems } from '../../db/schema';
import { ACTIVITY_FEED_LIMIT, activityItemSchema } from '../../../common/schemas/activity';
import {
  createChapterAdminWorld,
  fieldNames,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

let t: TestApp;
let w: ChapterAdminWorld;
const MINUTE = 60_000;
const start = Date.UTC(2030, 0, 1);
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
  const item = (
    minute: number,
    title: string,
    chapterId: number | null,
    adminOnly = false,
    userId: number | null = w.users.host.id,
  ) => ({
    type: chapterId === null ? 'press_mention' : 'chapter_note',
    title,
    note: `Note of ${title}`,
    userId,
    chapterId,
    objectId: minute,
    adminOnly,
    createdAt: new Date(start + minute * MINUTE),
  });
  await t.db
    .insert(activityFeedItems)
    .values([
      item(1, 'Oldest note', w.chapter.id),
      item(2, 'Secret note', w.chapter.id, true, w.users.admin.id),
      item(3, 'System note', w.chapter.id, false, null),
      item(4, 'Oakland note', w.other.id),
      item(5, 'Network press', null),
      item(6, 'Newest note', w.chapter.id),
    ]);
});
afterAll(() => t.close());

const chapterFeed = (id: number | string, cookie?: string) =>
  send(t, { method: 'GET', url: `/api/activity_feed_item/chapter/${id}` }, cookie);
const allFeed = (cookie?: string) =>
  send(t, { method: 'GET', url: '/api/activity_feed_item/all' }, cookie);
const titles = (body: unknown) =>
  activityItemSchema
    .array()
    .parse(body)
    .map((i) => i.title);

describe('GET /api/activity_feed_item/chapter/:id', () => {
  it("answers the chapter's items newest first, without admin-only ones, to its hosts", async () => {
    for (const kind of ['host', 'fieldOrganizer'] as const) {
      const res = await chapterFeed(w.chapter.id, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(200);
      expect(titles(res.json()), kind).toEqual(['Newest note', 'System note', 'Oldest note']);
      expect(res.body, kind).not.toContain('Secret');
    }
  });

  it('answers admin-only items too to an admin, with who did each', async () => {
    const res = await chapterFeed(w.chapter.id, w.cookies.admin);
    const items = activityItemSchema.array().parse(res.json());
    expect(items.map((i) => i.title)).toEqual([
      'Newest note',
      'System note',
      'Secret note',
      'Oldest note',
    ]);
    expect(items[0]).toMatchObject({
      type: 'chapter_note',
      note: 'Note of Newest note',
      user: { id: w.users.host.id, name: 'Hank Host' },
      chapterId: w.chapter.id,
      objectId: 6,
      adminOnly: false,
      createdAt: new Date(start + 6 * MINUTE).toISOString(),
    });
    expect(items[1]!.user).toBeNull();
    expect(items[2]).toMatchObject({ adminOnly: true, user: { name: 'Ada Admin' } });
  });

  it('answers 401 to a visitor, 403 to others, 404 for no such chapter and 400 for a bad id', async () => {
    expect((await chapterFeed(w.chapter.id)).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost'] as const) {
      const res = await chapterFeed(w.chapter.id, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
      expect(res.body).not.toContain('note');
    }
    expect((await chapterFeed(999_999, w.cookies.admin)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-5']) {
      const res = await chapterFeed(id, w.cookies.admin);
      expect(res.statusCode, id).toBe(400);
      expect(fieldNames(res)).toEqual(['params.id']);
    }
  });
});

describe('GET /api/activity_feed_item/all', () => {
  it('answers every item of the network, newest first, to admins', async () => {
    const res = await allFeed(w.cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual([
      'Newest note',
      'Network press',
      'Oakland note',
      'System note',
      'Secret note',
      'Oldest note',
    ]);
  });

  it('is for admins only', async () => {
    expect((await allFeed()).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost', 'host', 'fieldOrganizer'] as const) {
      const res = await allFeed(w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
      expect(res.body).not.toContain('Secret');
    }
  });

  it(`answers the latest ${ACTIVITY_FEED_LIMIT} only, in both feeds`, async () => {
    await t.db.insert(activityFeedItems).values(
      Array.from({ length: ACTIVITY_FEED_LIMIT + 5 }, (_, i) => ({
        type: 'chapter_note',
        title: `Bulk ${String(i).padStart(2, '0')}`,
        note: '',
        userId: null,
        chapterId: w.chapter.id,
        createdAt: new Date(start + (100 + i) * MINUTE),
      })),
    );
    const all = titles((await allFeed(w.cookies.admin)).json());
    expect(all).toHaveLength(ACTIVITY_FEED_LIMIT);
    expect(all[0]).toBe(`Bulk ${ACTIVITY_FEED_LIMIT + 4}`);
    expect(all.at(-1)).toBe('Bulk 05');
    const chapter = titles((await chapterFeed(w.chapter.id, w.cookies.host)).json());
    expect(chapter).toEqual(all);
  });
});
