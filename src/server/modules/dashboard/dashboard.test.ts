// GET /api/admin/dashboard (beyond the spec): real counts and every chapter's health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  chapterBlogPosts,
  chapterEvents,
  chapterHostApplications,
  mailingListContacts,
  mailingLists,
} from '../../db/schema';
import { adminDashboardSchema } from '../../../common/schemas/adminDashboard';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('GET /api/admin/dashboard', () => {
  it('answers real counts and, per chapter, its dates, members, hosts and lapsed flags', async () => {
    const [list] = await t.db.insert(mailingLists).values({ name: 'Lively list' }).returning();
    const lively = await insertChapter(t, {
      title: 'Lively',
      state: 'NY',
      brontoListId: String(list!.id),
    });
    const hidden = await insertChapter(t, { title: 'Hidden', status: 0, state: 'CA' });
    await t.db.insert(chapterEvents).values({
      chapterId: lively.id,
      name: 'Bar',
      slug: `bar-${lively.id}`,
      address1: '1 Main',
      city: 'Brooklyn',
      startTime: '19:00',
      endTime: '21:00',
      dayOfWeekIndex: 3,
      weeksOfMonthIndexes: '0',
      createdAt: new Date(Date.now() - 30 * DAY),
    });
    await t.db.insert(chapterBlogPosts).values([
      {
        chapterId: lively.id,
        title: 'Sent',
        slug: `sent-${lively.id}`,
        createdAt: new Date(Date.now() - 3 * DAY),
      },
      {
        chapterId: w.chapter.id,
        title: 'Old',
        slug: `old-${w.chapter.id}`,
        createdAt: new Date(Date.now() - 90 * DAY),
      },
    ]);
    await t.db.insert(mailingListContacts).values(
      ['a', 'b', 'c', 'd'].map((x, i) => ({
        listId: list!.id,
        email: `${x}@example.org`,
        status: i === 3 ? 'unsub' : 'active',
        unsubscribeToken: `tok-${x}-${list!.id}`,
      })),
    );
    await t.db.insert(chapterHostApplications).values([
      { userId: w.users.noRole.id, city: 'A', state: 'OH', reason: 'r', slug: 'dash-open' },
      {
        userId: w.users.noRole.id,
        city: 'B',
        state: 'OH',
        reason: 'r',
        slug: 'dash-denied',
        status: 'denied',
      },
    ]);

    const res = await send(t, { method: 'GET', url: '/api/admin/dashboard' }, w.cookies.admin);
    expect(res.statusCode).toBe(200);
    const dashboard = adminDashboardSchema.parse(res.json());
    expect(dashboard.counts).toEqual({
      activeChapters: 3,
      hiddenChapters: 1,
      openApplications: 1,
      users: 5,
      listMembers: 3,
      lapsedChapters: 2,
    });
    const byId = new Map(dashboard.chapters.map((c) => [c.id, c]));
    expect(byId.get(lively.id)).toMatchObject({
      memberCount: 3,
      isLapsed: false,
      lapsedReasons: [],
      nextEventDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      lastEventDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      hosts: [],
    });
    expect(Date.now() - Date.parse(byId.get(lively.id)!.lastEmailAt!)).toBeLessThan(4 * DAY);
    expect(byId.get(w.chapter.id)).toMatchObject({
      isLapsed: true,
      lapsedReasons: ['no_recent_email', 'no_upcoming_event'],
      memberCount: 0,
      lastEventDate: null,
      nextEventDate: null,
      hosts: [{ id: w.users.host.id, name: 'Hank Host', email: w.users.host.email }],
    });
    expect(byId.get(hidden.id)).toMatchObject({ status: 0, isLapsed: true, lastEmailAt: null });
    // By state, then title.
    expect(dashboard.chapters.map((c) => c.state)).toEqual(['CA', 'CA', 'NY', 'NY']);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/admin/dashboard' });
  });
});

describe('GET /api/admin/dashboard with answers kept (PUBLIC_CACHE_SECONDS)', () => {
  it('is built once for all admins, still refused to others, and rebuilt after any change', async () => {
    const kept = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
    try {
      const world = await createChapterAdminWorld(kept);
      const dashboard = async () => {
        const res = await send(
          kept,
          { method: 'GET', url: '/api/admin/dashboard' },
          world.cookies.admin,
        );
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        return adminDashboardSchema.parse(res.json());
      };
      const before = await dashboard();
      await expectAdminOnly(kept, world, { method: 'GET', url: '/api/admin/dashboard' });
      // Written behind the app's back: the kept answer does not see it...
      await insertChapter(kept, { title: 'Sneaky' });
      expect((await dashboard()).chapters).toHaveLength(before.chapters.length);
      // ...but any change served by the app forgets it.
      const created = await send(
        kept,
        {
          method: 'POST',
          url: '/api/chapter/new',
          payload: { title: 'New', city: 'Erie', state: 'PA', postalCode: '16501', country: 'US' },
        },
        world.cookies.admin,
      );
      expect(created.statusCode).toBe(200);
      expect((await dashboard()).chapters).toHaveLength(before.chapters.length + 2);
    } finally {
      await kept.close();
    }
  });
});
