// GET /api/admin/dashboard (beyond the spec): real counts and every chapter's health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import {
  chapterBlogPosts,
  chapterEvents,
  chapterHostApplications,
  chapters,
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
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
    // Chapters past their first two months, when a new chapter is spared.
    const longAgo = new Date(Date.now() - 200 * DAY);
    await t.db.update(chapters).set({ createdAt: longAgo });
    const [list] = await t.db.insert(mailingLists).values({ name: 'Lively list' }).returning();
    const lively = await insertChapter(t, {
      title: 'Lively',
      state: 'NY',
      brontoListId: String(list!.id),
      createdAt: longAgo,
    });
    const hidden = await insertChapter(t, {
      title: 'Hidden',
      status: 0,
      state: 'CA',
      createdAt: longAgo,
    });
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
    const contacts = await t.db
      .insert(mailingListContacts)
      .values(
        ['a', 'b', 'c', 'd'].map((x, i) => ({
          listId: list!.id,
          email: `${x}@example.org`,
          status: i === 3 ? 'unsub' : 'active',
          unsubscribeToken: `tok-${x}-${list!.id}`,
        })),
      )
      .returning();
    // Its post went out as an email (a post alone is no email: issue 35).
    const [message] = await t.db
      .insert(mailingMessages)
      .values({
        listId: list!.id,
        chapterId: lively.id,
        subject: 'Sent',
        body: '',
        status: 'finished',
        createdAt: new Date(Date.now() - 3 * DAY),
      })
      .returning();
    await t.db
      .insert(mailingDeliveries)
      .values({ messageId: message!.id, contactId: contacts[0]!.id, status: 'sent' });
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
      // Lively has no host: not lapsed, but at risk.
      atRiskChapters: 1,
    });
    const byId = new Map(dashboard.chapters.map((c) => [c.id, c]));
    expect(byId.get(lively.id)).toMatchObject({
      memberCount: 3,
      isLapsed: false,
      lapsedReasons: [],
      health: 'at_risk',
      healthReasons: ['no_host'],
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
    // Hidden already: off the site, so not counted as lapsed, nor shown by "Lapsed only".
    expect(byId.get(hidden.id)).toMatchObject({ status: 0, isLapsed: false, lastEmailAt: null });
    // By state, then title.
    expect(dashboard.chapters.map((c) => c.state)).toEqual(['CA', 'CA', 'NY', 'NY']);
  });

  it('spares a new chapter, dates a long-standing one from its schedule, and counts what it flags', async () => {
    // (Since issue 35 a schedule counts from when its event was put on the site.)
    // Made from an application a minute ago: no email and no event yet.
    const fresh = await insertChapter(t, { title: 'Fresh', state: 'OH' });
    // Made 90 days ago, meeting every first Tuesday since; its event row is as old.
    const monthly = await insertChapter(t, {
      title: 'Monthly',
      state: 'OH',
      createdAt: new Date(Date.now() - 90 * DAY),
    });
    await t.db.insert(chapterEvents).values({
      chapterId: monthly.id,
      name: 'Pub',
      slug: `pub-${monthly.id}`,
      address1: '1 High St',
      city: 'Columbus',
      startTime: '19:00',
      endTime: '21:00',
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '1',
      createdAt: new Date(Date.now() - 90 * DAY),
    });
    const hiddenOld = await insertChapter(t, {
      title: 'Hidden old',
      status: 0,
      state: 'OH',
      createdAt: new Date(Date.now() - 400 * DAY),
    });

    const res = await send(t, { method: 'GET', url: '/api/admin/dashboard' }, w.cookies.admin);
    const { counts, chapters: rows } = adminDashboardSchema.parse(res.json());
    const byId = new Map(rows.map((c) => [c.id, c]));

    const spared = byId.get(fresh.id)!;
    expect(spared).toMatchObject({ isLapsed: false, lapsedReasons: [], lastEmailAt: null });
    const graceDays = (Date.parse(spared.graceUntil!) - Date.now()) / DAY;
    expect(graceDays).toBeGreaterThan(60);
    expect(graceDays).toBeLessThanOrEqual(61);

    // Met within the last five weeks (some first Tuesday).
    const met = byId.get(monthly.id)!;
    expect(met.lastEventDate).not.toBeNull();
    const since = (Date.now() - Date.parse(met.lastEventDate!)) / DAY;
    expect(since).toBeGreaterThanOrEqual(-1);
    expect(since).toBeLessThan(36);
    expect(met).toMatchObject({ graceUntil: null, lapsedReasons: ['no_recent_email'] });

    expect(byId.get(hiddenOld.id)!.isLapsed).toBe(false);
    // The summary card's figure is the number of rows "Lapsed only" shows.
    expect(counts.lapsedChapters).toBe(rows.filter((c) => c.isLapsed).length);
    await t.db.delete(chapters).where(eq(chapters.id, hiddenOld.id));
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
