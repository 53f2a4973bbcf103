// The one SQL form of canSeeChapter (common/policy.ts): a chapter is visible when it is active,
// or the caller has host-level access to it (host or field organizer of it, or an admin). Every
// query that answers chapters, or things that belong to one, filters with it, so a hidden
// chapter never leaks through a list, a search, an event, a link, a post or a press mention.
import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { chapters } from '../db/schema';
import { CHAPTER_NOT_ACTIVE, CHAPTER_STATUS } from '../../common/constants';
import { canSeeChapter, isAdmin } from '../../common/policy';
import type { User } from '../../common/schemas/auth';
import { HttpError } from './httpError';

export type Caller = Pick<
  User,
  'isAdmin' | 'chapterHostChapterIds' | 'fieldOrganizerChapterIds'
> | null;

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
 * The id of a chapter the caller may see, or a 404: 'This Chapter is not active.' for a hidden
 * one (chapterHiddenFrom), 'Chapter not found.' for one that was never there.
 */
export async function visibleChapterOr404(
  db: Db,
  user: Caller,
  chapterId: number,
): Promise<{ id: number }> {
  // One prepared statement for every caller; the rule is then canSeeChapter's, on the row.
  const [row] = await chapterStatus(db).execute({ chapterId });
  if (!row) throw chapterNotFound();
  if (!canSeeChapter(user, row)) throw chapterHiddenFrom();
  return { id: row.id };
}

const chapterStatus = preparedPerDb((db) =>
  db
    .select({ id: chapters.id, status: chapters.status })
    .from(chapters)
    .where(eq(chapters.id, sql.placeholder('chapterId')))
    .limit(1)
    .prepare('chapter_status_by_id'),
);

export function chapterNotFound(): HttpError {
  return new HttpError(404, 'Chapter not found.');
}

/**
 * A hidden chapter, to a caller without host-level access to it: a 404 as for a missing one (its
 * pages drop out of search engines), whose message says only what spec 1 has the chapter screen
 * say, that it is not active. Nothing else of it leaves the server.
 */
export function chapterHiddenFrom(): HttpError {
  return new HttpError(404, CHAPTER_NOT_ACTIVE);
}

/**
 * Whether a caller reads a chapter exactly as a visitor does: only host-level access to it
 * changes its read (a hidden chapter shown, its hosts' emails). `shows(id)` tells whether the
 * visitors' answer is that chapter's. A hidden chapter is no visitor's answer, so a caller this
 * passes who could see it never meets the visitors' (404) answer for it.
 */
export function readsChapterAsVisitor(
  user: Caller,
  shows: (chapterId: number) => boolean,
): boolean {
  if (!user) return true;
  if (isAdmin(user)) return false;
  return !hostAccessChapterIds(user).some(shows);
}

/** Whether the caller has host-level access to any chapter (an admin: to every one). */
export function holdsHostAccess(user: Caller): boolean {
  return isAdmin(user) || hostAccessChapterIds(user).length > 0;
}

/**
 * The hidden chapters among `states` (abbreviations as stored) that the caller may see: every
 * one for an admin, those they host or field-organize for others, none for visitors and users
 * without such roles (no query then). A list of those states reads for the caller as the
 * visitors' list plus these chapters, and exactly as for anyone who may see the same ones.
 */
export async function hiddenChaptersShownIn(
  db: Db,
  user: Caller,
  states: readonly string[],
): Promise<number[]> {
  if (!holdsHostAccess(user)) return [];
  const rows = await hiddenChapters(db).execute({
    states,
    all: isAdmin(user),
    ids: hostAccessChapterIds(user),
  });
  return rows.map((r) => r.id);
}

const hiddenChapters = preparedPerDb((db) =>
  db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      and(
        sql`${chapters.state} = any(${sql.placeholder('states')})`,
        ne(chapters.status, CHAPTER_STATUS.active),
        sql`(${sql.placeholder('all')} or ${chapters.id} = any(${sql.placeholder('ids')}))`,
      ),
    )
    .orderBy(asc(chapters.id))
    .prepare('hidden_chapters_shown_in'),
);

/** A caller who may see exactly these hidden chapters and no others (see chapterVisibleTo). */
export function callerSeeing(hiddenChapterIds: readonly number[]): Caller {
  return {
    isAdmin: false,
    chapterHostChapterIds: [...hiddenChapterIds],
    fieldOrganizerChapterIds: [],
  };
}
