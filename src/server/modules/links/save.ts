// Save All on the Links screen (spec 2 §2): the list replaces the chapter's links, in its order.
// A row with a blank title or URL is dropped, so blanking a URL deletes the link (spec 2 §5).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterLinks } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterLink } from '../../../common/schemas/chapters';
import { requireChapterHostAccess } from '../../core/access';

export async function saveChapterLinks(
  db: Db,
  user: User,
  chapterId: number,
  links: readonly { title: string; url: string }[],
): Promise<ChapterLink[]> {
  await requireChapterHostAccess(db, user, chapterId);
  const kept = links.filter((l) => l.title !== '' && l.url !== '');
  return db.transaction(async (tx) => {
    await tx.delete(chapterLinks).where(eq(chapterLinks.chapterId, chapterId));
    if (kept.length === 0) return [];
    return tx
      .insert(chapterLinks)
      .values(kept.map((l, position) => ({ chapterId, title: l.title, url: l.url, position })))
      .returning();
  });
}
