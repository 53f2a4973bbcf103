// A chapter's links for reading, in the order its hosts set.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterLinks } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterLink } from '../../../common/schemas/chapters';
import { visibleChapterOr404 } from '../../core/visibility';

export async function listChapterLinks(
  db: Db,
  user: User | null,
  chapterId: number,
): Promise<ChapterLink[]> {
  await visibleChapterOr404(db, user, chapterId);
  return db
    .select()
    .from(chapterLinks)
    .where(eq(chapterLinks.chapterId, chapterId))
    .orderBy(asc(chapterLinks.position), asc(chapterLinks.id));
}
