// The one SQL form of canSeeChapter (common/policy.ts): a chapter is visible when it is active,
// or the caller has host-level access to it (host or field organizer of it, or an admin). Every
// query that answers chapters, or things that belong to one, filters with it, so a hidden
// chapter never leaks through a list, a search, an event, a link, a post or a press mention.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';
import { CHAPTER_STATUS } from '../../../common/constants';
import { isAdmin } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import { HttpError } from '../../plugins/errors';

type Caller = Pick<User, 'isAdmin' | 'chapterHostChapterIds' | 'fieldOrganizerChapterIds'> | null;

/** The chapters a caller holds host-level access to by role (admins: every chapter anyway). */
export function hostAccessChapterIds(user: Caller): number[] {
  if (!user) return [];
  return [...new Set([...user.chapterHostChapterIds, ...user.fieldOrganizerChapterIds])];
}

/**
 * `status = 1 OR id IN (caller's chapters) OR caller is admin`, over the `chapters` table (join
 * it, or select from it, wherever this is used).
 */
export function chapterVisibleTo(user: Caller): SQL {
  if (isAdmin(user)) return sql`true`;
  const active = eq(chapters.status, CHAPTER_STATUS.active);
  const ids = hostAccessChapterIds(user);
  return ids.length === 0 ? active : (or(active, inArray(chapters.id, ids)) as SQL);
}

/**
 * The id of a chapter the caller may see, or a 404 that reads the same whether the chapter is
 * hidden or was never there (a hidden chapter's existence is not revealed).
 */
export async function visibleChapterOr404(
  db: Db,
  user: Caller,
  chapterId: number,
): Promise<{ id: number }> {
  const [row] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.id, chapterId), chapterVisibleTo(user)))
    .limit(1);
  if (!row) throw chapterNotFound();
  return row;
}

export function chapterNotFound(): HttpError {
  return new HttpError(404, 'Chapter not found.');
}
