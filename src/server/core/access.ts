// The check every chapter admin call starts with: the chapter exists and the caller has
// host-level access to it: 401 signed out, 404 no such chapter, 403 anyone else, whether the
// chapter is active or hidden (ids are no secret; its contents are).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chapters } from '../db/schema';
import type { ChapterRow } from '../db/schema';
import { hasFieldOrganizerAccess, hasHostAccess } from '../../common/policy';
import type { User } from '../../common/schemas/auth';
import { HttpError } from './httpError';
import { chapterNotFound } from './visibility';

async function chapterRow(db: Db, chapterId: number): Promise<ChapterRow> {
  const [row] = await db.select().from(chapters).where(eq(chapters.id, chapterId)).limit(1);
  if (!row) throw chapterNotFound();
  return row;
}

export async function requireChapterHostAccess(
  db: Db,
  user: User | null,
  chapterId: number,
): Promise<ChapterRow> {
  if (!user) throw new HttpError(401, 'Please sign in first.');
  const row = await chapterRow(db, chapterId);
  if (!hasHostAccess(user, row.id)) {
    throw new HttpError(
      403,
      'Only hosts of this chapter, its field organizers and admins may do this.',
    );
  }
  return row;
}

export async function requireChapterFieldOrganizerAccess(
  db: Db,
  user: User | null,
  chapterId: number,
): Promise<ChapterRow> {
  const row = await requireChapterHostAccess(db, user, chapterId);
  if (!hasFieldOrganizerAccess(user, row.id)) {
    throw new HttpError(403, 'Only field organizers of this chapter and admins may do this.');
  }
  return row;
}
