// Who may use a list, for the calls that name one by id (spec 2 §7): a list is a chapter's when
// the chapter's list-id field (the one the email-service setting picks) holds its id. Hosts,
// field organizers and admins of that chapter may use it; admins may use any existing list.
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';
import type { ChapterRow } from '../../db/schema';
import { hasHostAccess, isAdmin } from '../../../common/policy';
import { requireHostAccess, requireSignIn } from '../../plugins/auth';
import { HttpError } from '../../core/httpError';
import type { EmailService } from '../../../common/constants';
import type { MailingListProvider } from '../../mail/lists/provider';
import { getEmailService } from '../settings';

export const LIST_NOT_FOUND = 'Mailing list not found.';
export const CHAPTER_LIST_NOT_FOUND = 'Chapter mailing list not found.';

/** The chapter field that names its list under the email-service setting. */
export function listIdField(service: EmailService): 'sendInBlueListId' | 'brontoListId' {
  return service === 'sendInBlue' ? 'sendInBlueListId' : 'brontoListId';
}

/** The chapter's list id, read from the field the setting picks; null when it is blank. */
export async function chapterListId(db: Db, chapter: ChapterRow): Promise<string | null> {
  return chapter[listIdField(await getEmailService(db))]?.trim() || null;
}

/** The chapters whose list this is (usually one), oldest first. */
export async function chaptersOfList(db: Db, listId: string): Promise<ChapterRow[]> {
  const column = chapters[listIdField(await getEmailService(db))];
  return db
    .select()
    .from(chapters)
    .where(eq(sql`btrim(${column})`, listId.trim()))
    .orderBy(asc(chapters.id));
}

/** The first of `owners` the caller has host access to, checked by the route guard. */
function ownChapter(request: FastifyRequest, owners: ChapterRow[]): ChapterRow | undefined {
  const user = requireSignIn(request);
  const own = owners.find((chapter) => hasHostAccess(user, chapter.id));
  if (own) requireHostAccess(request, own.id);
  return own;
}

/**
 * For the list-id calls: 401 signed out, 403 unless the list is a chapter's the caller has host
 * access to (or the caller is an admin), 404 when it names no existing list. Answers the
 * caller's chapter of the list, if any.
 */
export async function authorizeList(
  request: FastifyRequest,
  db: Db,
  provider: MailingListProvider,
  listId: string,
): Promise<ChapterRow | null> {
  const own = ownChapter(request, await chaptersOfList(db, listId));
  if (!own && !isAdmin(request.user)) {
    throw new HttpError(403, 'You do not have access to this mailing list.');
  }
  if (!(await provider.getList(listId))) throw new HttpError(404, LIST_NOT_FOUND);
  return own ?? null;
}

/**
 * For sending, which needs a chapter: 404 when the list is no chapter's (or does not exist),
 * 403 without host access to one of its chapters.
 */
export async function authorizeChapterList(
  request: FastifyRequest,
  db: Db,
  provider: MailingListProvider,
  listId: string,
): Promise<ChapterRow> {
  const owners = await chaptersOfList(db, listId);
  if (owners.length === 0) throw new HttpError(404, CHAPTER_LIST_NOT_FOUND);
  const own = ownChapter(request, owners);
  if (!own) throw new HttpError(403, 'You do not have permission to send emails to this chapter.');
  if (!(await provider.getList(listId))) throw new HttpError(404, CHAPTER_LIST_NOT_FOUND);
  return own;
}
