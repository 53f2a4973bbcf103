// Which date of which event an RSVP call names, and whether it still takes RSVPs. The date in
// the path is the date the event's rule gives (the event page's `dates[].date`); the date a
// host moved it to names it too. A date the rule does not give is a 400, a skipped or past one
// a 409; an event of a hidden chapter is as absent as the chapter, except to its hosts.
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { chapterEventExceptions, chapterEvents, chapters } from '../../db/schema';
import type { ChapterEventRow, ChapterRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import { canSeeChapter } from '../../../common/policy';
import { scheduledDateOf, type ScheduledDate } from '../../../common/eventSchedule';
import { fieldError, HttpError } from '../../core/httpError';
import { chapterZone } from '../../core/eventZone';
import { exceptionCutoff, loadExceptions, toDateException } from '../../core/exceptions';
import { chapterTimeZone } from '../../core/timezone';
import { preparedPerDb } from '../../db/prepared';
import { attemptCte, attemptValues, refuseOverLimit, type RateLimitSettings } from '../auth';

export interface EventDate {
  event: ChapterEventRow;
  chapter: ChapterRow;
  timeZone: string;
  scheduled: ScheduledDate;
}

const eventNotFound = () => new HttpError(404, 'Event not found.');

/** A JSON column as the driver gives it: parsed by node-postgres and PGlite alike, or text. */
const fromJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * What eventDate reads: the event, its chapter, the places that give the chapter's zone and
 * the event's skipped and moved dates from `cutoff` on (an RSVP reads them on every call:
 * docs/performance.md), as chapterZone and loadExceptions would read them apart.
 */
function eventDateFields(cutoff: SQL | string) {
  const x = chapterEventExceptions;
  const places = alias(chapterEvents, 'places');
  return {
    event: chapterEvents,
    chapter: chapters,
    places: sql<unknown>`(
        select coalesce(json_agg(json_build_object('lat', ${places.lat}, 'lng', ${places.lng})
          order by ${places.id}), '[]'::json)
        from ${chapterEvents} as places where ${places.chapterId} = ${chapters.id})`,
    exceptions: sql<unknown>`(
        select coalesce(json_agg(json_build_object('date', ${x.date},
          'movedToDate', ${x.movedToDate}, 'movedToStartTime', ${x.movedToStartTime},
          'movedToEndTime', ${x.movedToEndTime}, 'note', ${x.note}) order by ${x.date}), '[]'::json)
        from ${x} where ${x.eventId} = ${chapterEvents.id}
          and (${x.date} >= ${cutoff} or ${x.movedToDate} >= ${cutoff}))`,
  };
}

type EventDateRow = {
  event: ChapterEventRow | null;
  chapter: ChapterRow | null;
  places: unknown;
  exceptions: unknown;
};

/** The read's row as an EventDate: 404 for an event the caller may not see, 400 for a date. */
function toEventDate(row: EventDateRow | undefined, user: User | null, date: string): EventDate {
  if (!row?.event || !row.chapter || !canSeeChapter(user, row.chapter)) throw eventNotFound();
  const { event, chapter } = row;
  const timeZone = chapterTimeZone(chapter, fromJson<{ lat: number; lng: number }[]>(row.places));
  const exceptions = fromJson<Parameters<typeof toDateException>[0][]>(row.exceptions).map(
    toDateException,
  );
  const scheduled = scheduledDateOf(event, date, timeZone, exceptions);
  if (!scheduled) {
    throw fieldError(400, 'params.date', `${event.name} does not meet on ${date}.`);
  }
  return { event, chapter, timeZone, scheduled };
}

/** The event (of a chapter the caller may see) and one of its dates, past or to come. */
export async function eventDate(
  db: Db,
  user: User | null,
  slug: string,
  date: string,
  now: Date,
): Promise<EventDate> {
  const [row] = await db
    .select(eventDateFields(exceptionCutoff(now)))
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(eq(chapterEvents.slug, slug))
    .limit(1);
  return toEventDate(row, user, date);
}

/**
 * eventDate with one attempt counted under `attempt.key` in the same statement (a prepared
 * one: an RSVP at 200 a second pays for every round trip and every query built): 429 past the
 * limit, before anything else is said about the event.
 */
export async function eventDateCounted(
  db: Db,
  user: User | null,
  slug: string,
  date: string,
  now: Date,
  attempt: { key: string; limit: RateLimitSettings },
): Promise<EventDate> {
  const [row] = await countedEventDate(db).execute({
    slug,
    cutoff: exceptionCutoff(now),
    ...attemptValues(attempt.key, attempt.limit),
  });
  refuseOverLimit({ count: row!.count, resetAt: new Date(row!.resetAt) }, attempt.limit);
  return toEventDate(row, user, date);
}

// The attempt's row is always there: the event is joined to it, so an unknown slug still
// counts (and is refused past the limit) as it did when the count was a statement of its own.
const countedEventDate = preparedPerDb((db) => {
  const attempt = attemptCte(db);
  return db
    .with(attempt)
    .select({
      ...eventDateFields(sql`${sql.placeholder('cutoff')}::date`),
      count: attempt.count,
      resetAt: attempt.resetAt,
    })
    .from(attempt)
    .leftJoin(chapterEvents, eq(chapterEvents.slug, sql.placeholder('slug')))
    .leftJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .limit(1)
    .prepare('rsvp_event_date_counted');
});

/** One date of a known event, with its zone; a 400 naming the date when it meets not then. */
export async function dateOfEvent(
  db: DbOrTx,
  event: ChapterEventRow,
  chapter: { id: number; state: string },
  date: string,
  now: Date,
): Promise<{ timeZone: string; scheduled: ScheduledDate }> {
  const timeZone = await chapterZone(db, chapter);
  const exceptions = await loadExceptions(db, eq(chapterEvents.id, event.id), now);
  const scheduled = scheduledDateOf(event, date, timeZone, exceptions.get(event.id));
  if (!scheduled) {
    throw fieldError(400, 'params.date', `${event.name} does not meet on ${date}.`);
  }
  return { timeZone, scheduled };
}

/** A meeting's end has passed: its RSVPs can no longer change. */
export function isPast(scheduled: ScheduledDate, now: Date): boolean {
  return scheduled.end.getTime() <= now.getTime();
}

/** 409 unless the date still takes RSVPs (and their changes): not skipped, not over. */
export function requireOpen(scheduled: ScheduledDate, now: Date): void {
  if (scheduled.status === 'cancelled') {
    throw fieldError(409, 'params.date', 'This meeting is off: the host skipped this date.');
  }
  if (isPast(scheduled, now)) {
    throw fieldError(409, 'params.date', 'This meeting has already happened.');
  }
}

/** The date as the RSVP answers show it. */
export function dateAnswer(scheduled: ScheduledDate, timeZone: string, now: Date) {
  return {
    date: scheduled.date,
    status: scheduled.status,
    meetsOn: scheduled.meetsOn,
    startTime: scheduled.startTime,
    endTime: scheduled.endTime,
    start: scheduled.start.toISOString(),
    end: scheduled.end.toISOString(),
    timeZone,
    note: scheduled.note,
    past: isPast(scheduled, now),
  };
}
