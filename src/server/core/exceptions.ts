// The skipped and moved dates of events (chapter_event_exceptions), as common/recurrence reads
// them. Only those that can still matter are loaded: a date or a moved-to date from two days
// ago on (a day either side of any zone's "today").
import { and, asc, eq, gte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';
import { chapterEventExceptions, chapterEvents, chapters } from '../db/schema';
import type { ChapterEventExceptionRow } from '../db/schema';
import { dateOfEpochDay, epochDay, type DateException } from '../../common/recurrence';

export type ExceptionsByEvent = ReadonlyMap<number, readonly DateException[]>;

/** A skipped or moved date as common/recurrence reads it, from a row or the row's JSON. */
export function toDateException(
  row: Pick<
    ChapterEventExceptionRow,
    'date' | 'movedToDate' | 'movedToStartTime' | 'movedToEndTime' | 'note'
  >,
): DateException {
  return {
    date: row.date,
    movedTo:
      row.movedToDate && row.movedToStartTime && row.movedToEndTime
        ? { date: row.movedToDate, startTime: row.movedToStartTime, endTime: row.movedToEndTime }
        : null,
    note: row.note,
  };
}

/** The earliest date an exception can still matter on. */
export function exceptionCutoff(now: Date): string {
  return dateOfEpochDay(epochDay(now.toISOString().slice(0, 10)) - 2);
}

/** The exceptions of the events of the chapters `scope` selects (a condition on `chapters`). */
export async function loadExceptions(
  db: DbOrTx,
  scope: SQL | undefined,
  now = new Date(),
): Promise<Map<number, DateException[]>> {
  const cutoff = exceptionCutoff(now);
  const rows = await db
    .select({ exception: chapterEventExceptions })
    .from(chapterEventExceptions)
    .innerJoin(chapterEvents, eq(chapterEvents.id, chapterEventExceptions.eventId))
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(
      and(
        scope,
        or(
          gte(chapterEventExceptions.date, cutoff),
          gte(chapterEventExceptions.movedToDate, cutoff),
        ),
      ),
    )
    .orderBy(asc(chapterEventExceptions.date));
  const byEvent = new Map<number, DateException[]>();
  for (const { exception } of rows) {
    const list = byEvent.get(exception.eventId) ?? [];
    list.push(toDateException(exception));
    byEvent.set(exception.eventId, list);
  }
  return byEvent;
}
