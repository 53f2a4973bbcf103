// The chapter dashboard's last six meetings (issue 33 item 7): how many said they were going
// and how many came, side by side. A meeting is a date one of the chapter's events met on
// (skipped ones are not meetings; moved ones count at the date they moved to), over the last
// year, whether or not anyone RSVPed, and never before the event existed (core/heldSince.ts,
// as the health table's last event).
import type { Db } from '../../db/client';
import type { User } from '../../../common/schemas/auth';
import type { AttendanceHistory } from '../../../common/schemas/rsvps';
import { scheduledDateOf, type ScheduledDate } from '../../../common/eventSchedule';
import { dateOfEpochDay, epochDay, localDate, meetsOn } from '../../../common/recurrence';
import { attendedByDate, countsByDate, dateKey } from '../../core/rsvpCounts';
import { heldSince } from '../../core/heldSince';
import { hostChapterSchedule } from './chapterSchedule';
import { dateAnswer } from './dates';

/** How many past meetings the dashboard shows. */
export const HISTORY_MEETINGS = 6;
const LOOK_BACK_DAYS = 400;

/** GET /api/chapter_event/chapter/{chapterId}/attendance_history. */
export async function attendanceHistory(
  db: Db,
  user: User | null,
  chapterId: number,
  now: Date,
): Promise<AttendanceHistory> {
  const since = new Date(now.getTime() - (LOOK_BACK_DAYS + 2) * 86_400_000);
  const { chapter, events, timeZone, exceptions } = await hostChapterSchedule(
    db,
    user,
    chapterId,
    since,
  );
  const today = epochDay(localDate(now, timeZone));
  const met: { event: (typeof events)[number]; d: ScheduledDate }[] = [];
  for (const event of events) {
    const ofEvent = exceptions.get(event.id);
    const firstDay = epochDay(
      localDate(new Date(heldSince(chapter.createdAt, event.createdAt)), timeZone),
    );
    for (let day = today + 1; day >= today - LOOK_BACK_DAYS; day--) {
      if (!event.isSingleDate && !meetsOn(event, day)) continue;
      const date = dateOfEpochDay(day);
      if (event.isSingleDate && event.singleDate !== date) continue;
      const d = scheduledDateOf(event, date, timeZone, ofEvent);
      // By the date it met on: a date moved from before the event existed, or to, is judged
      // where it went.
      if (d && d.status !== 'cancelled' && d.end <= now && epochDay(d.date) >= firstDay) {
        met.push({ event, d });
      }
    }
  }
  const last = met
    .sort((a, b) => b.d.start.getTime() - a.d.start.getTime())
    .slice(0, HISTORY_MEETINGS);
  const ids = events.map((e) => e.id);
  const [counts, doors] = await Promise.all([
    countsByDate(
      db,
      ids,
      last.map(({ d }) => d.date),
    ),
    attendedByDate(db, ids),
  ]);
  return {
    meetings: last.map(({ event, d }) => ({
      slug: event.slug,
      eventName: event.name,
      date: dateAnswer(d, timeZone, now),
      going: counts.get(dateKey(event.id, d.date))?.going ?? 0,
      attended: doors.get(dateKey(event.id, d.date)) ?? null,
    })),
  };
}
