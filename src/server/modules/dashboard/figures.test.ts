// Issue 35 item 5: one definition of each chapter figure (docs/decisions/22-chapter-figures.md),
// checked against the database on chapters with known members, sends, events and attendance,
// and the same on the admins' dashboard, the host's dashboard and the public chapter page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  chapterBlogPosts,
  chapterEventExceptions,
  chapterEvents,
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
  rsvpDates,
} from '../../db/schema';
import type { ChapterRow } from '../../db/schema';
import {
  adminDashboardSchema,
  dashboardChapterSchema,
} from '../../../common/schemas/adminDashboard';
import {
  createChapterAdminWorld,
  grantRole,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { chapterFigures } from './figures';

// Wednesday 10 June 2026, 6 pm in New York: the chapters' Tuesday meeting met on the 9th and
// the 2nd; their Wednesday one meets tonight at 7.
const NOW = new Date('2026-06-10T22:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let t: TestApp;
let w: ChapterAdminWorld;
let lively: ChapterRow;
let orphan: ChapterRow;
let counted: ChapterRow;

async function listWith(statuses: string[]) {
  const [list] = await t.db
    .insert(mailingLists)
    .values({ name: uniqueSlug('list') })
    .returning();
  const contacts = statuses.length
    ? await t.db
        .insert(mailingListContacts)
        .values(
          statuses.map((status, i) => ({
            listId: list!.id,
            email: `m${i}-${list!.id}@example.org`,
            status,
            unsubscribeToken: uniqueSlug(`tok${i}`),
          })),
        )
        .returning()
    : [];
  return { id: list!.id, contacts };
}

/** A send of the chapter at `at` whose copies ended as `copies` say. */
async function sendOf(
  chapter: ChapterRow,
  list: Awaited<ReturnType<typeof listWith>>,
  at: Date,
  status: 'finished' | 'cancelled' | 'queued',
  copies: string[],
) {
  const [message] = await t.db
    .insert(mailingMessages)
    .values({
      listId: list.id,
      chapterId: chapter.id,
      subject: status,
      body: '',
      status,
      createdAt: at,
    })
    .returning();
  await t.db.insert(mailingDeliveries).values(
    copies.map((copy, i) => ({
      messageId: message!.id,
      contactId: list.contacts[i]!.id,
      status: copy,
    })),
  );
}

const weekly = (chapter: ChapterRow, day: number, createdAt: Date) => ({
  chapterId: chapter.id,
  name: 'The Dead Poet',
  slug: uniqueSlug('poet'),
  address1: '450 Amsterdam Ave',
  city: 'New York',
  startTime: '19:00',
  endTime: '21:00',
  dayOfWeekIndex: day,
  weeksOfMonthIndexes: '0',
  createdAt,
});

beforeAll(async () => {
  // No background sender: a queued send stays unsent.
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
  w = await createChapterAdminWorld(t);

  // Lively: 3 confirmed members (and one waiting to confirm, one gone), a host, a send that went
  // nine days ago, a later one cancelled before any copy went and one not yet out, a post that
  // was no email, and a Tuesday meeting put on the site three weeks ago whose last date was
  // skipped; the door counted its meeting of the 2nd.
  const livelyList = await listWith(['active', 'active', 'active', 'unconfirmed', 'unsub']);
  lively = await insertChapter(t, {
    title: 'Lively',
    state: 'NY',
    brontoListId: String(livelyList.id),
    sendInBlueListId: String(livelyList.id),
    createdAt: ago(400),
  });
  await grantRole(t, w.users.host.id, 3, lively.id);
  await sendOf(lively, livelyList, ago(9), 'finished', ['sent', 'sent', 'failed']);
  await sendOf(lively, livelyList, ago(2), 'cancelled', ['cancelled', 'cancelled']);
  await sendOf(lively, livelyList, ago(1), 'queued', ['pending']);
  await t.db
    .insert(chapterBlogPosts)
    .values({ chapterId: lively.id, title: 'News', slug: uniqueSlug('news'), createdAt: ago(1) });
  const [tuesday] = await t.db
    .insert(chapterEvents)
    .values(weekly(lively, 2, ago(21)))
    .returning();
  await t.db.insert(chapterEventExceptions).values({ eventId: tuesday!.id, date: '2026-06-09' });
  await t.db.insert(rsvpDates).values({ eventId: tuesday!.id, date: '2026-06-02', attended: 9 });

  // Orphan: no host, no list, never emailed; its Thursday meeting was put on the site on the
  // 5th, so the Thursday before (the 4th) is not a meeting it held.
  orphan = await insertChapter(t, { title: 'Orphan', state: 'NY', createdAt: ago(400) });
  await t.db.insert(chapterEvents).values(weekly(orphan, 4, new Date('2026-06-05T15:00:00Z')));

  // Counted: two members, emailed a month ago, no host; its Wednesday meeting was put on the
  // site this morning, but the door counted last Wednesday's (brought from the old site).
  const countedList = await listWith(['active', 'active']);
  counted = await insertChapter(t, {
    title: 'Counted',
    state: 'NY',
    brontoListId: String(countedList.id),
    sendInBlueListId: String(countedList.id),
    createdAt: ago(400),
  });
  await sendOf(counted, countedList, ago(30), 'finished', ['sent']);
  const [wednesday] = await t.db
    .insert(chapterEvents)
    .values(weekly(counted, 3, new Date('2026-06-10T12:00:00Z')))
    .returning();
  await t.db.insert(rsvpDates).values({ eventId: wednesday!.id, date: '2026-06-03', attended: 4 });
});
afterAll(() => t.close());

describe('chapter figures (one definition each)', () => {
  it('counts confirmed members, the last send that went, the last date held, and health', async () => {
    const rows = new Map((await chapterFigures(t.db, NOW)).map((r) => [r.id, r]));
    expect(rows.get(lively.id)).toMatchObject({
      memberCount: 3,
      lastEmailAt: ago(9).toISOString(),
      lastEventDate: '2026-06-02',
      nextEventDate: '2026-06-16',
      lastAttendance: { date: '2026-06-02', attended: 9 },
      health: 'ok',
      healthReasons: [],
    });
    expect(rows.get(orphan.id)).toMatchObject({
      memberCount: 0,
      lastEmailAt: null,
      lastEventDate: null,
      nextEventDate: '2026-06-11',
      health: 'lapsed',
      healthReasons: ['no_recent_email', 'no_host', 'no_members', 'nothing_in_60_days'],
    });
    expect(rows.get(counted.id)).toMatchObject({
      memberCount: 2,
      lastEventDate: '2026-06-03',
      nextEventDate: '2026-06-10',
      health: 'at_risk',
      healthReasons: ['no_host'],
    });
  });

  it('answers the same figures on the admin dashboard, the host dashboard and the public page', async () => {
    const admin = adminDashboardSchema.parse(
      (await send(t, { method: 'GET', url: '/api/admin/dashboard' }, w.cookies.admin)).json(),
    );
    const row = admin.chapters.find((c) => c.id === lively.id)!;
    const res = await send(
      t,
      { method: 'GET', url: `/api/chapter/${lively.id}/figures` },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    const host = dashboardChapterSchema.parse(res.json());
    expect(host).toEqual(row);
    expect(host.memberCount).toBe(3);
    expect(host.lastEmailAt).toBe(ago(9).toISOString());
    const page = await send(t, { method: 'GET', url: `/api/chapter/slug/${lively.slug}` });
    expect(page.json()).toMatchObject({ memberCount: 3 });
    expect(admin.counts.atRiskChapters).toBe(
      admin.chapters.filter((c) => c.health === 'at_risk').length,
    );
  });

  it("keeps a chapter's figures from anyone but its hosts, field organizers and admins", async () => {
    const url = `/api/chapter/${lively.id}/figures`;
    expect((await send(t, { method: 'GET', url })).statusCode).toBe(401);
    expect((await send(t, { method: 'GET', url }, w.cookies.noRole)).statusCode).toBe(403);
    expect((await send(t, { method: 'GET', url }, w.cookies.admin)).statusCode).toBe(200);
  });
});
