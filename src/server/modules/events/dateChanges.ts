// A host skips one date of a repeating event, moves it to another date and time, or restores it
// (spec 2 §2 Events leaves this open; docs/decisions/13-events.md). Host-level access to the
// event's chapter; the public dates, the map's next event and the calendars all read the same rows.
import { and, asc, count, eq, gte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { chapterEventExceptions, chapterEvents } from '../../db/schema';
import type { ChapterEventRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { dateChangeSchema, EventDates } from '../../../common/schemas/eventDates';
import { scheduleOf } from '../../../common/eventSchedule';
import { epochDay, localDate, meetsOn } from '../../../common/recurrence';
import { fieldError, HttpError } from '../../core/httpError';
import { requireChapterHostAccess } from '../../core/access';
import { exceptionCutoff, loadExceptions } from '../../core/exceptions';
import { chapterZone, scheduledDateAnswer } from './page';

type DateChange = z.output<typeof dateChangeSchema>;

/** How many coming dates the Events screen shows per event. */
export const HOST_DATES = 6;
/** Changes a host can make ahead: two years, at most this many dates per event. */
const MAX_DAYS_AHEAD = 731;
const MAX_CHANGES_PER_EVENT = 60;

async function eventBySlug(db: Db, slug: string): Promise<ChapterEventRow> {
  const [row] = await db.select().from(chapterEvents).where(eq(chapterEvents.slug, slug)).limit(1);
  if (!row) throw new HttpError(404, 'Event not found.');
  return row;
}

async function datesOf(
  db: Db,
  event: ChapterEventRow,
  timeZone: string,
  now: Date,
): Promise<EventDates> {
  const exceptions = await loadExceptions(db, eq(chapterEvents.id, event.id), now);
  return {
    eventId: event.id,
    slug: event.slug,
    dates: scheduleOf(event, timeZone, now, HOST_DATES, exceptions.get(event.id)).map(
      scheduledDateAnswer,
    ),
  };
}

/** GET /api/chapter_event/chapter/{chapterId}/dates: each event's coming dates, for its hosts. */
export async function listChapterEventDates(
  db: Db,
  user: User | null,
  chapterId: number,
  now = new Date(),
): Promise<EventDates[]> {
  const chapter = await requireChapterHostAccess(db, user, chapterId);
  const events = await db
    .select()
    .from(chapterEvents)
    .where(eq(chapterEvents.chapterId, chapter.id))
    .orderBy(asc(chapterEvents.id));
  const timeZone = await chapterZone(db, chapter);
  const exceptions = await loadExceptions(db, eq(chapterEvents.chapterId, chapter.id), now);
  return events.map((event) => ({
    eventId: event.id,
    slug: event.slug,
    dates: scheduleOf(event, timeZone, now, HOST_DATES, exceptions.get(event.id)).map(
      scheduledDateAnswer,
    ),
  }));
}

/** Checks that `date` is within reach: from today (in the chapter's zone) to two years on. */
function checkAhead(date: string, today: string, field: string, what: string) {
  if (date < today) throw fieldError(400, field, `${what} has passed. Choose a coming date.`);
  if (epochDay(date) - epochDay(today) > MAX_DAYS_AHEAD)
    throw fieldError(400, field, `${what} is more than two years away.`);
}

/** PUT /api/chapter_event/slug/{slug}/dates/{date}: skip or move that one date. */
export async function changeDate(
  db: Db,
  user: User,
  slug: string,
  date: string,
  change: DateChange,
  now = new Date(),
): Promise<EventDates> {
  const event = await eventBySlug(db, slug);
  const chapter = await requireChapterHostAccess(db, user, event.chapterId);
  if (event.isSingleDate) {
    throw fieldError(
      400,
      'params.date',
      'A single-date event has no repeating dates to skip or move: edit its date instead.',
    );
  }
  if (!meetsOn(event, epochDay(date))) {
    throw fieldError(400, 'params.date', `${event.name} does not meet on ${date}.`);
  }
  const timeZone = await chapterZone(db, chapter);
  const today = localDate(now, timeZone);
  checkAhead(date, today, 'params.date', 'That date');
  const movedTo = change.status === 'moved' ? change.movedTo : null;
  if (movedTo) {
    checkAhead(movedTo.date, today, 'body.movedTo.date', 'The new date');
    if (movedTo.date !== date && meetsOn(event, epochDay(movedTo.date))) {
      const [other] = await db
        .select({ id: chapterEventExceptions.id })
        .from(chapterEventExceptions)
        .where(
          and(
            eq(chapterEventExceptions.eventId, event.id),
            eq(chapterEventExceptions.date, movedTo.date),
          ),
        );
      if (!other) {
        throw fieldError(
          400,
          'body.movedTo.date',
          `${event.name} already meets on ${movedTo.date}. Choose another date, or skip this one.`,
        );
      }
    }
  }
  const [held] = await db
    .select({ n: count() })
    .from(chapterEventExceptions)
    .where(
      and(
        eq(chapterEventExceptions.eventId, event.id),
        ne(chapterEventExceptions.date, date),
        gte(chapterEventExceptions.date, exceptionCutoff(now)),
      ),
    );
  if ((held?.n ?? 0) >= MAX_CHANGES_PER_EVENT) {
    throw fieldError(
      400,
      'params.date',
      `An event can have at most ${MAX_CHANGES_PER_EVENT} skipped or moved dates ahead.`,
    );
  }
  const values = {
    movedToDate: movedTo?.date ?? null,
    movedToStartTime: movedTo?.startTime ?? null,
    movedToEndTime: movedTo?.endTime ?? null,
    note: change.note,
  };
  await db
    .insert(chapterEventExceptions)
    .values({ eventId: event.id, date, ...values })
    .onConflictDoUpdate({
      target: [chapterEventExceptions.eventId, chapterEventExceptions.date],
      set: values,
    });
  return datesOf(db, event, timeZone, now);
}

/** DELETE /api/chapter_event/slug/{slug}/dates/{date}: the date meets as its rule says again. */
export async function restoreDate(
  db: Db,
  user: User,
  slug: string,
  date: string,
  now = new Date(),
): Promise<EventDates> {
  const event = await eventBySlug(db, slug);
  const chapter = await requireChapterHostAccess(db, user, event.chapterId);
  const removed = await db
    .delete(chapterEventExceptions)
    .where(and(eq(chapterEventExceptions.eventId, event.id), eq(chapterEventExceptions.date, date)))
    .returning({ id: chapterEventExceptions.id });
  if (removed.length === 0) throw new HttpError(404, 'That date was neither skipped nor moved.');
  return datesOf(db, event, await chapterZone(db, chapter), now);
}
