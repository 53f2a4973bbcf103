// Chapter events for reading. An event of a hidden chapter is as absent as the chapter itself.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents, chapters } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterEventDetail } from '../../../common/schemas/chapters';
import { HttpError } from '../../plugins/errors';
import { chapterState, displayTitle, toEvent } from '../chapters/summaries';
import { chapterVisibleTo } from '../chapters/visibility';

export async function getEventBySlug(
  db: Db,
  user: User | null,
  slug: string,
): Promise<ChapterEventDetail> {
  const [row] = await db
    .select({ event: chapterEvents, chapter: chapters })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(and(eq(chapterEvents.slug, slug), chapterVisibleTo(user)))
    .limit(1);
  if (!row) throw new HttpError(404, 'Event not found.');
  const { chapter } = row;
  return {
    ...toEvent(row.event),
    chapter: {
      id: chapter.id,
      title: chapter.title,
      displayTitle: displayTitle(chapter),
      slug: chapter.slug,
      state: chapterState(chapter.state),
      status: chapter.status,
    },
  };
}
