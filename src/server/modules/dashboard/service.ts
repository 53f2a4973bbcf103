// GET /api/admin/dashboard: the network's counts and every chapter's health in a fixed number of
// queries, run at once, whatever the number of chapters: chapters, events, last posts, last
// messages, list sizes, hosts, counts and the email setting. Dates are computed in memory.
import { and, asc, count, eq, isNotNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chapterBlogPosts,
  chapterEvents,
  chapters,
  mailingListContacts,
  mailingMessages,
  permissions,
  users,
} from '../../db/schema';
import { CHAPTER_STATUS, ROLE } from '../../../common/constants';
import type { AdminDashboard, DashboardChapter } from '../../../common/schemas/adminDashboard';
import { chapterLapse } from '../../../common/lapsed';
import { chapterTimeZone } from '../../core/timezone';
import { listIdField } from '../mailing';
import { getEmailService } from '../settings';
import { loadExceptions } from '../../core/exceptions';
import { queryRows } from '../../core/database';
import { lastAttendanceByChapter } from '../../core/rsvpCounts';
import { byDisplayTitle, chapterState, toChapterRef } from '../../core/summaries';
import { eventDatesOf, LOOK_BACK_DAYS, ZoneClock } from './eventDates';

const DAY_MS = 86_400_000;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** A built-in list id as a chapter's list-id field holds it ('12', ' 12 '); null otherwise. */
function builtinListId(value: string | null): number | null {
  const trimmed = value?.trim() ?? '';
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

export async function getAdminDashboard(db: Db, now = new Date()): Promise<AdminDashboard> {
  const [
    chapterRows,
    events,
    lastPosts,
    lastMessages,
    listSizes,
    hosts,
    [totals],
    service,
    skips,
    doors,
  ] = await Promise.all([
    db
      .select({
        id: chapters.id,
        title: chapters.title,
        city: chapters.city,
        slug: chapters.slug,
        state: chapters.state,
        status: chapters.status,
        createdAt: chapters.createdAt,
        brontoListId: chapters.brontoListId,
        sendInBlueListId: chapters.sendInBlueListId,
      })
      .from(chapters),
    db
      .select({
        id: chapterEvents.id,
        chapterId: chapterEvents.chapterId,
        lat: chapterEvents.lat,
        lng: chapterEvents.lng,
        dayOfWeekIndex: chapterEvents.dayOfWeekIndex,
        weeksOfMonthIndexes: chapterEvents.weeksOfMonthIndexes,
        isSingleDate: chapterEvents.isSingleDate,
        singleDate: chapterEvents.singleDate,
        startTime: chapterEvents.startTime,
        endTime: chapterEvents.endTime,
      })
      .from(chapterEvents)
      .orderBy(asc(chapterEvents.id)),
    db
      .select({ chapterId: chapterBlogPosts.chapterId, at: max(chapterBlogPosts.createdAt) })
      .from(chapterBlogPosts)
      .groupBy(chapterBlogPosts.chapterId),
    db
      .select({ chapterId: mailingMessages.chapterId, at: max(mailingMessages.createdAt) })
      .from(mailingMessages)
      .where(isNotNull(mailingMessages.chapterId))
      .groupBy(mailingMessages.chapterId),
    db
      .select({ listId: mailingListContacts.listId, n: count() })
      .from(mailingListContacts)
      .where(eq(mailingListContacts.status, 'active'))
      .groupBy(mailingListContacts.listId),
    db
      .select({
        chapterId: permissions.chapterId,
        id: users.id,
        name: users.name,
        email: users.email,
      })
      .from(permissions)
      .innerJoin(users, eq(users.id, permissions.userId))
      .where(and(eq(permissions.roleId, ROLE.chapterHost), isNotNull(permissions.chapterId)))
      .orderBy(asc(users.name), asc(users.id)),
    queryRows<{ users: number; openApplications: number }>(
      db,
      sql`select (select count(*)::int from users) as "users",
          (select count(*)::int from chapter_host_applications where status = 'open') as "openApplications"`,
    ),
    getEmailService(db),
    // Skipped and moved dates: a chapter whose next meeting is skipped meets after it, and
    // one whose last was skipped last met before it.
    loadExceptions(db, undefined, new Date(now.getTime() - LOOK_BACK_DAYS * DAY_MS)),
    lastAttendanceByChapter(db),
  ]);

  const eventsBy = groupBy(events, (e) => e.chapterId);
  const hostsBy = groupBy(hosts, (h) => h.chapterId);
  const lastEmailBy = new Map<number, Date>();
  for (const { chapterId, at } of [...lastPosts, ...lastMessages]) {
    if (chapterId === null || !at) continue;
    const seen = lastEmailBy.get(chapterId);
    if (!seen || at > seen) lastEmailBy.set(chapterId, at);
  }
  const membersOf = new Map(listSizes.map((l) => [l.listId, l.n]));
  const listField = listIdField(service);
  const clock = new ZoneClock(now);

  const rows: DashboardChapter[] = chapterRows.map((chapter) => {
    const state = chapterState(chapter.state);
    const chapterEvents = eventsBy.get(chapter.id) ?? [];
    const timeZone = chapterTimeZone({ state }, chapterEvents);
    const dates = eventDatesOf(
      chapterEvents.map((e) => ({ ...e, exceptions: skips.get(e.id) })),
      timeZone,
      clock,
      chapter.createdAt.getTime(),
    );
    const lastEmail = lastEmailBy.get(chapter.id) ?? null;
    const listId = builtinListId(chapter[listField]);
    const lapse = chapterLapse({ ...chapter, lastEmailAt: lastEmail, ...dates }, now);
    return {
      ...toChapterRef(chapter),
      ...dates,
      lastEmailAt: lastEmail ? lastEmail.toISOString() : null,
      memberCount: listId === null ? 0 : (membersOf.get(listId) ?? 0),
      lastAttendance: doors.get(chapter.id) ?? null,
      hosts: (hostsBy.get(chapter.id) ?? []).map(({ id, name, email }) => ({ id, name, email })),
      isLapsed: lapse.isLapsed,
      lapsedReasons: lapse.reasons,
      graceUntil: lapse.graceUntil?.toISOString() ?? null,
    };
  });
  rows.sort((a, b) => (a.state < b.state ? -1 : a.state > b.state ? 1 : byDisplayTitle(a, b)));

  const active = rows.filter((c) => c.status === CHAPTER_STATUS.active);
  return {
    counts: {
      activeChapters: active.length,
      hiddenChapters: rows.length - active.length,
      openApplications: totals?.openApplications ?? 0,
      users: totals?.users ?? 0,
      listMembers: listSizes.reduce((sum, l) => sum + l.n, 0),
      lapsedChapters: rows.filter((c) => c.isLapsed).length,
    },
    chapters: rows,
  };
}
