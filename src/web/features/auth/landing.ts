// Where a sign-in without a returnUrl lands (issue 35): on the person's work, not the public home
// page. An admin's work is the admin dashboard; a host's or field organizer's is My Chapters, or
// the one chapter's dashboard when they run exactly one; anyone else goes back where they were.
import type { User } from '../../../common/schemas/auth';
import { chapterPlaceSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { returnUrlFrom } from './returnUrl';

/** A path, or a chapter whose admin dashboard's path is still to be asked for. */
export type Landing = { path: string } | { chapterId: number };

/** The page a Sign In link was followed from (its location state), if it is one of ours. */
export function cameFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

export function landingFor(user: User, search: string, from: string | null): Landing {
  if (new URLSearchParams(search).has('returnUrl')) return { path: returnUrlFrom(search) };
  if (user.isAdmin) return { path: '/admin' };
  const chapterIds = new Set([...user.chapterHostChapterIds, ...user.fieldOrganizerChapterIds]);
  const [only] = chapterIds;
  if (chapterIds.size === 1 && only !== undefined) return { chapterId: only };
  if (chapterIds.size > 1) return { path: '/my_chapters' };
  return { path: from && !from.startsWith('/signin') ? from : '/' };
}

/** The landing's path; My Chapters lists the chapter when its own page cannot be looked up. */
export async function landingPath(landing: Landing): Promise<string> {
  if ('path' in landing) return landing.path;
  try {
    const chapter = await apiGet(
      `/api/chapter/id/${landing.chapterId}`,
      !import.meta.env?.PROD && chapterPlaceSchema,
    );
    return `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}/admin`;
  } catch {
    return '/my_chapters';
  }
}
