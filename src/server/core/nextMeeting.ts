// A chapter's next meeting, as the mail that names it needs it (the welcome after a list
// sign-up, the confirmation page): skipped dates left out, moved ones at their new day and
// times, in the chapter's zone. The chapter page's own reader (modules/chapters) answers more.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './database';
import { chapterEvents, chapters } from '../db/schema';
import type { ChapterEventRow } from '../db/schema';
import { nextOccurrencesOfAll } from '../../common/recurrence';
import { chapterTimeZone } from './timezone';
import { loadExceptions } from './exceptions';

export interface NextMeeting {
  event: ChapterEventRow;
  /** The local date it meets on, and its wall-clock times. */
  meetsOn: string;
  startTime: string;
  endTime: string;
  start: Date;
  end: Date;
  timeZone: string;
  note: string;
}

export async function nextMeetingOf(
  db: DbOrTx,
  chapter: { id: number; state: string },
  now: Date,
): Promise<NextMeeting | null> {
  const events = await db
    .select()
    .from(chapterEvents)
    .where(eq(chapterEvents.chapterId, chapter.id));
  if (events.length === 0) return null;
  const exceptions = await loadExceptions(db, eq(chapters.id, chapter.id), now);
  const timeZone = chapterTimeZone(chapter, events);
  const [next] = nextOccurrencesOfAll(events, timeZone, now, 1, (e) => exceptions.get(e.id) ?? []);
  if (!next) return null;
  const moved = next.movedFrom
    ? exceptions.get(next.event.id)?.find((x) => x.date === next.movedFrom)?.movedTo
    : undefined;
  return {
    event: next.event,
    meetsOn: next.date,
    startTime: moved?.startTime ?? next.event.startTime,
    endTime: moved?.endTime ?? next.event.endTime,
    start: next.start,
    end: next.end,
    timeZone,
    note: next.note ?? '',
  };
}
