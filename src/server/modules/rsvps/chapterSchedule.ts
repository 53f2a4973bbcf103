// What the host's date views (the coming dates' RSVPs, the last meetings) both start from: the
// chapter, once its host access is checked, with its events, their time zone and the date
// changes (skips, moves) from `since` on.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import { requireChapterHostAccess } from '../../core/access';
import { chapterZone } from '../../core/eventZone';
import { loadExceptions } from '../../core/exceptions';

export async function hostChapterSchedule(
  db: Db,
  user: User | null,
  chapterId: number,
  since: Date,
) {
  const chapter = await requireChapterHostAccess(db, user, chapterId);
  const events = await db
    .select()
    .from(chapterEvents)
    .where(eq(chapterEvents.chapterId, chapter.id))
    .orderBy(asc(chapterEvents.id));
  const timeZone = await chapterZone(db, chapter);
  const exceptions = await loadExceptions(db, eq(chapterEvents.chapterId, chapter.id), since);
  return { chapter, events, timeZone, exceptions };
}
