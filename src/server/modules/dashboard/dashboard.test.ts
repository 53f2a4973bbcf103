// GET /api/admin/dashboard (beyond the spec): real counts and every chapter's health.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { signedInUser } from '../../test/users';

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

  // Read on days chosen to catch a day-dependent rule (issue 31, item 7), with Date set: the
  // chapters are made as of that day and the dashboard is read on it, so nothing depends on the
  // day the suite runs. 2026: first Tuesdays Sep 1, Oct 6 (five weeks on), Nov 3, Dec 1.
  it.each([
    '2026-10-05T17:00:00Z', // the day before a first Tuesday
    '2026-10-07T00:30:00Z', // 8:30 p.m. in Columbus on it, five weeks after the last, meeting
    '2026-10-07T01:30:00Z', // 9:30 p.m.: the meeting is over
    '2026-10-31T23:30:00Z', // a month's end, the next month's first day in UTC
    '2026-11-01T06:30:00Z', // 1:30 a.m. EST, just after the clocks went back
    '2026-03-08T07:30:00Z', // 3:30 a.m. EDT, just after the clocks went forward
    '2026-12-31T23:30:00Z', // the year's end, the new year in UTC
  ])(
    'spares a new chapter, dates a long-standing one from its schedule, and counts what it flags, on %s',
    async (at) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(at));
      try {
        await sparesAndDates(new Date(at));
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/admin/dashboard' });
  });
});

/** The case above, read at `now` (Date is set to it). */
async function sparesAndDates(now: Date) {
  // (Since issue 35 a schedule counts from when its event was put on the site.)
  // Made from an application a minute ago: no email and no event yet.
  const fresh = await insertChapter(t, { title: 'Fresh', state: 'OH', createdAt: now });
  // Made 90 days ago, meeting every first Tuesday since; its event row is as old.
  const monthly = await insertChapter(t, {
    title: 'Monthly',
    state: 'OH',
    createdAt: new Date(now.getTime() - 90 * DAY),
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
    createdAt: new Date(now.getTime() - 90 * DAY),
  });
  const hiddenOld = await insertChapter(t, {
    title: 'Hidden old',
    status: 0,
    state: 'OH',
    createdAt: new Date(now.getTime() - 400 * DAY),
  });

  // Signed in on that day: a session is checked against Date too.
  const admin = await signedInUser(t, { admin: true });
  const res = await send(t, { method: 'GET', url: '/api/admin/dashboard' }, admin.cookie);
  const { counts, chapters: rows } = adminDashboardSchema.parse(res.json());
  const byId = new Map(rows.map((c) => [c.id, c]));

  const spared = byId.get(fresh.id)!;
  expect(spared).toMatchObject({ isLapsed: false, lapsedReasons: [], lastEmailAt: null });
  const graceDays = (Date.parse(spared.graceUntil!) - now.getTime()) / DAY;
  expect(graceDays).toBeGreaterThan(60);
  expect(graceDays).toBeLessThanOrEqual(61);

  // Met within the last five weeks (some first Tuesday), counted in Columbus's days: a first
  // Tuesday five weeks after the last, before its meeting ends, still has that one as its last.
  const met = byId.get(monthly.id)!;
  expect(met.lastEventDate).not.toBeNull();
  const today = now.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const since = (Date.parse(today) - Date.parse(met.lastEventDate!)) / DAY;
  expect(since).toBeGreaterThanOrEqual(0);
  expect(since).toBeLessThanOrEqual(35);
  expect(new Date(`${met.lastEventDate!}T12:00:00Z`).getUTCDay()).toBe(2);
  expect(Number(met.lastEventDate!.slice(8))).toBeLessThanOrEqual(7);
  expect(met).toMatchObject({ graceUntil: null, lapsedReasons: ['no_recent_email'] });

  expect(byId.get(hiddenOld.id)!.isLapsed).toBe(false);
  // The summary card's figure is the number of rows "Lapsed only" shows.
  expect(counts.lapsedChapters).toBe(rows.filter((c) => c.isLapsed).length);
  await t.db.delete(chapters).where(eq(chapters.id, hiddenOld.id));
}

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
