// A chapter's meetings as the schedule reads them: each active chapter's events, their zone
// (core/eventZone's rule: the chapter's first placed event) and their skipped and moved dates,
// loaded in a few statements for every chapter at once; and one date of one event, as a
// message tells it.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, inArray, or, gt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/database';
import { chapterEvents, chapters } from '../../db/schema';
import type { ChapterEventRow, ChapterRow } from '../../db/schema';
import { placeName, streetLine } from '../../../common/address';
import { CHAPTER_STATUS } from '../../../common/constants';
import { scheduledDateOf, type ScheduledDate } from '../../../common/eventSchedule';
import type { DateException } from '../../../common/recurrence';
import { chapterTimeZone } from '../../core/timezone';
import { loadExceptions } from '../../core/exceptions';
import { displayTitle } from '../../core/summaries';
import type { Meeting } from './mails/meeting';

export interface ChapterMeetings {
  chapter: ChapterRow;
  timeZone: string;
  events: { event: ChapterEventRow; exceptions: readonly DateException[] }[];
}

/**
 * The active chapters with anything to send by themselves, with their events. `only`: one
 * chapter's (a change asked for it).
 */
export async function loadChapterMeetings(
  db: DbOrTx,
  now: Date,
  only?: number,
): Promise<ChapterMeetings[]> {
  const scope: SQL = and(
    eq(chapters.status, CHAPTER_STATUS.active),
    or(
      gt(chapters.reminderDaysBefore, 0),
      gt(chapters.rsvpReminderHours, 0),
      gt(chapters.hostDigestHours, 0),
    ),
    only === undefined ? undefined : eq(chapters.id, only),
  )!;
  const rows = await db
    .select({ chapter: chapters, event: chapterEvents })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(scope)
    .orderBy(asc(chapterEvents.chapterId), asc(chapterEvents.id));
  if (rows.length === 0) return [];
  const exceptions = await loadExceptions(
    db,
    inArray(chapters.id, [...new Set(rows.map((r) => r.chapter.id))]),
    now,
  );
  const byChapter = new Map<number, ChapterMeetings>();
  for (const { chapter, event } of rows) {
    let of = byChapter.get(chapter.id);
    if (!of) {
      of = { chapter, timeZone: '', events: [] };
      byChapter.set(chapter.id, of);
    }
    of.events.push({ event, exceptions: exceptions.get(event.id) ?? [] });
  }
  // A zone from each chapter's first place: a lookup per chapter, so the loop takes turns with
  // the requests the server is serving (see plan.ts).
  let looked = 0;
  for (const of of byChapter.values()) {
    of.timeZone = chapterTimeZone(
      of.chapter,
      of.events.map(({ event }) => event),
    );
    if (++looked % 100 === 0) await nextTurn();
  }
  return [...byChapter.values()];
}

/** One event's date `date` (the rule's) as it stands now, with the zone; null: none such. */
export async function loadMeeting(
  db: DbOrTx,
  eventId: number,
  date: string,
  now: Date,
): Promise<{
  chapter: ChapterRow;
  event: ChapterEventRow;
  timeZone: string;
  scheduled: ScheduledDate;
} | null> {
  const [row] = await db
    .select({ chapter: chapters, event: chapterEvents })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(eq(chapterEvents.id, eventId))
    .limit(1);
  if (!row) return null;
  const places = await db
    .select({ lat: chapterEvents.lat, lng: chapterEvents.lng })
    .from(chapterEvents)
    .where(eq(chapterEvents.chapterId, row.chapter.id))
    .orderBy(asc(chapterEvents.id));
  const timeZone = chapterTimeZone(row.chapter, places);
  const exceptions = await loadExceptions(db, eq(chapterEvents.id, eventId), now);
  const scheduled = scheduledDateOf(row.event, date, timeZone, exceptions.get(eventId));
  // A date named by where it moved to is not this date.
  if (!scheduled || scheduled.date !== date) return null;
  return { ...row, timeZone, scheduled };
}

export function placeText(
  event: Pick<ChapterEventRow, 'name' | 'address1' | 'address2' | 'city' | 'state'>,
): string {
  return [event.name.trim(), streetLine(event), placeName(event)].filter(Boolean).join(', ');
}

export const chapterPath = (chapter: Pick<ChapterRow, 'state' | 'slug'>) =>
  `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;

/** The date as the messages tell it. */
export function meetingOf(
  publicUrl: string,
  chapter: ChapterRow,
  event: ChapterEventRow,
  scheduled: Pick<ScheduledDate, 'meetsOn' | 'startTime' | 'endTime' | 'start' | 'end' | 'note'>,
  timeZone: string,
): Meeting {
  const chapterUrl = `${publicUrl}${chapterPath(chapter)}`;
  return {
    chapterTitle: displayTitle(chapter),
    eventName: event.name,
    meetsOn: scheduled.meetsOn,
    startTime: scheduled.startTime,
    endTime: scheduled.endTime,
    start: scheduled.start,
    end: scheduled.end,
    timeZone,
    place: placeText(event),
    note: scheduled.note,
    eventUrl: `${chapterUrl}/events/${event.slug}`,
    chapterUrl,
    icsUrl: `${publicUrl}/api/chapter_calendar/event/${event.slug}/event.ics`,
  };
}
