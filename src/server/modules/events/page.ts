// An event's public page (GET /api/chapter_event/slug/{slug}/page): the event, its chapter, its
// schedule in words and its next dates with any a host skipped or moved. An event of a hidden
// chapter is as absent as the chapter, except to those with host-level access to it.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { chapterEvents, chapterTypes, chapters } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { EventPage } from '../../../common/schemas/eventDates';
import { scheduleOf, scheduleText, type ScheduledDate } from '../../../common/eventSchedule';
import { HttpError } from '../../core/httpError';
import { toChapterRef, toEvent } from '../../core/summaries';
import { canSeeChapter } from '../../../common/policy';
import { chapterZone } from '../../core/eventZone';
import { loadExceptions } from '../../core/exceptions';
import { countsByDate, dateKey } from '../../core/rsvpCounts';

export { chapterZone };

/** How many coming dates the event page lists. */
export const EVENT_PAGE_DATES = 6;

export function scheduledDateAnswer(d: ScheduledDate) {
  return { ...d, start: d.start.toISOString(), end: d.end.toISOString() };
}

// One statement for every caller; the hidden-chapter rule is then canSeeChapter's, on the row.
const eventPageRow = preparedPerDb((db) =>
  db
    .select({ event: chapterEvents, chapter: chapters, type: chapterTypes })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .innerJoin(chapterTypes, eq(chapterTypes.id, chapters.chapterTypeId))
    .where(eq(chapterEvents.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('event_page_by_slug'),
);

export async function getEventPage(
  db: Db,
  user: User | null,
  slug: string,
  now = new Date(),
): Promise<EventPage> {
  const [row] = await eventPageRow(db).execute({ slug });
  if (!row || !canSeeChapter(user, row.chapter)) throw new HttpError(404, 'Event not found.');
  const { event, chapter, type } = row;
  const [timeZone, exceptions] = await Promise.all([
    chapterZone(db, chapter),
    loadExceptions(db, eq(chapterEvents.id, event.id), now),
  ]);
  const dates = scheduleOf(event, timeZone, now, EVENT_PAGE_DATES, exceptions.get(event.id));
  const counts = await countsByDate(
    db,
    [event.id],
    dates.map((d) => d.date),
  );
  return {
    ...toEvent(event),
    chapter: {
      ...toChapterRef(chapter),
      chapterTypeId: chapter.chapterTypeId,
      chapter_type: { id: type.id, name: type.name, hexColor: type.hexColor },
    },
    timeZone,
    schedule: scheduleText(event),
    // "12 going" beside each date (issue 33): RSVPs are kept under the date the rule gives.
    dates: dates.map((d) => ({
      ...scheduledDateAnswer(d),
      going: counts.get(dateKey(event.id, d.date))?.going ?? 0,
    })),
  };
}
