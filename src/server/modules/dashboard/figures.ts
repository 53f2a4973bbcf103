// Each chapter's figures and health (issue 35, docs/decisions/22-chapter-figures.md): the one
// computation the admins' health table (GET /api/admin/dashboard) and a host's dashboard (GET
// /api/chapter/:id/figures) read, so they cannot disagree. A fixed number of queries, run at
// once, whatever the number of chapters; dates are computed in memory.
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents, chapters, permissions, users } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import type { DashboardChapter } from '../../../common/schemas/adminDashboard';
import { chapterHealth } from '../../../common/chapterHealth';
import { chapterTimeZone } from '../../core/timezone';
import { listIdField } from '../mailing';
import { getEmailService } from '../settings';
import { loadExceptions } from '../../core/exceptions';
import { lastAttendanceByChapter } from '../../core/rsvpCounts';
import {
  activeMembersByList,
  builtinListId,
  lastCountedByChapter,
  lastEmailByChapter,
} from '../../core/chapterFigures';
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

/** The later of two 'YYYY-MM-DD' dates, either possibly missing. */
const laterDate = (a: string | null, b: string | null | undefined) =>
  a === null ? (b ?? null) : b && b > a ? b : a;

/** Every chapter's figures (or one chapter's), by state then display title. */
export async function chapterFigures(
  db: Db,
  now = new Date(),
  chapterId?: number,
): Promise<DashboardChapter[]> {
  /** The condition that keeps one chapter's rows, when one is asked for. */
  const one = (where: (id: number) => SQL): SQL | undefined =>
    chapterId === undefined ? undefined : where(chapterId);
  const [chapterRows, events, lastEmails, members, hosts, service, skips, doors, counted] =
    await Promise.all([
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
        .from(chapters)
        .where(one((id) => eq(chapters.id, id))),
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
          createdAt: chapterEvents.createdAt,
        })
        .from(chapterEvents)
        .where(one((id) => eq(chapterEvents.chapterId, id)))
        .orderBy(asc(chapterEvents.id)),
      lastEmailByChapter(db, chapterId),
      activeMembersByList(db),
      db
        .select({
          chapterId: permissions.chapterId,
          id: users.id,
          name: users.name,
          email: users.email,
        })
        .from(permissions)
        .innerJoin(users, eq(users.id, permissions.userId))
        .where(
          and(
            eq(permissions.roleId, ROLE.chapterHost),
            isNotNull(permissions.chapterId),
            one((id) => eq(permissions.chapterId, id)),
          ),
        )
        .orderBy(asc(users.name), asc(users.id)),
      getEmailService(db),
      // Skipped and moved dates: a chapter whose next meeting is skipped meets after it, and
      // one whose last was skipped last met before it.
      loadExceptions(db, undefined, new Date(now.getTime() - LOOK_BACK_DAYS * DAY_MS)),
      lastAttendanceByChapter(db),
      lastCountedByChapter(db, chapterId),
    ]);

  const eventsBy = groupBy(events, (e) => e.chapterId);
  const hostsBy = groupBy(hosts, (h) => h.chapterId);
  const listField = listIdField(service);
  const clock = new ZoneClock(now);

  const rows = chapterRows.map((chapter): DashboardChapter => {
    const state = chapterState(chapter.state);
    const chapterEvents = eventsBy.get(chapter.id) ?? [];
    const timeZone = chapterTimeZone({ state }, chapterEvents);
    const scheduled = eventDatesOf(
      chapterEvents.map((e) => ({ ...e, exceptions: skips.get(e.id) })),
      timeZone,
      clock,
      chapter.createdAt.getTime(),
    );
    // A date counted at the door was held, whatever the schedule says.
    const dates = {
      ...scheduled,
      lastEventDate: laterDate(scheduled.lastEventDate, counted.get(chapter.id)),
    };
    const lastEmail = lastEmails.get(chapter.id) ?? null;
    const listId = builtinListId(chapter[listField]);
    const memberCount = listId === null ? 0 : (members.get(listId) ?? 0);
    const chapterHosts = (hostsBy.get(chapter.id) ?? []).map(({ id, name, email }) => ({
      id,
      name,
      email,
    }));
    const health = chapterHealth(
      { ...chapter, ...dates, lastEmailAt: lastEmail, hostCount: chapterHosts.length, memberCount },
      now,
    );
    return {
      ...toChapterRef(chapter),
      ...dates,
      lastEmailAt: lastEmail ? lastEmail.toISOString() : null,
      memberCount,
      lastAttendance: doors.get(chapter.id) ?? null,
      hosts: chapterHosts,
      isLapsed: health.isLapsed,
      lapsedReasons: health.lapsedReasons,
      graceUntil: health.graceUntil?.toISOString() ?? null,
      health: health.level,
      healthReasons: health.reasons,
    };
  });
  return rows.sort((a, b) =>
    a.state < b.state ? -1 : a.state > b.state ? 1 : byDisplayTitle(a, b),
  );
}
