// Chapter events for reading. An event of a hidden chapter is as absent as the chapter itself.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { chapterEvents, chapters } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterEventDetail } from '../../../common/schemas/chapters';
import { HttpError } from '../../core/httpError';
import { toChapterRef, toEvent } from '../../core/summaries';
import { canSeeChapter } from '../../../common/policy';

// One statement for every caller; the hidden-chapter rule is then canSeeChapter's, on the row.
const eventBySlug = preparedPerDb((db) =>
  db
    .select({ event: chapterEvents, chapter: chapters })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(eq(chapterEvents.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('event_by_slug'),
);

export async function getEventBySlug(
  db: Db,
  user: User | null,
  slug: string,
): Promise<ChapterEventDetail> {
  const [row] = await eventBySlug(db).execute({ slug });
  if (!row || !canSeeChapter(user, row.chapter)) throw new HttpError(404, 'Event not found.');
  const { chapter } = row;
  return {
    ...toEvent(row.event),
    chapter: toChapterRef(chapter),
  };
}
