// A chapter's own mailing list: the list named by the chapter's list-id field (the one the
// email-service setting picks), made on first need.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, LIST_ID_INDEXES } from '../../db/schema';
import { mailingListProvider } from '../../mail/lists/factory';
import { chapterNotFound } from '../../core/visibility';
import { displayTitle } from '../../core/summaries';
import { getEmailService } from '../settings';
import { listIdField } from './listAccess';
import type { MailingListProvider } from '../../mail/lists/provider';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../core/httpError';

export const LIST_ID_TAKEN =
  "The new list's id is one another chapter names as its list: please try again.";

/**
 * The chapter's list id, after making the list if it has none. The chapter row is locked, so
 * two callers at once make one list. Access is the caller's to check.
 *
 * A list id that names no list (a chapter brought over from the original site keeps its
 * sendInBlue or Bronto id) counts as no list: the chapter gets a new one in its place, or its
 * host could neither make a list ("already has one") nor import into it ("has none yet").
 */
export async function ensureChapterList(
  db: Db,
  chapterId: number,
  provider: MailingListProvider = mailingListProvider(db),
): Promise<{ listId: string; created: boolean }> {
  const field = listIdField(await getEmailService(db));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(chapters)
      .where(eq(chapters.id, chapterId))
      .for('update')
      .limit(1);
    if (!row) throw chapterNotFound();
    const lists = provider.forTransaction(tx);
    const existing = row[field]?.trim();
    if (existing && (await lists.getList(existing))) return { listId: existing, created: false };
    const list = await lists.createList(displayTitle(row) || row.slug);
    await tx
      .update(chapters)
      .set({ [field]: list.id })
      .where(eq(chapters.id, chapterId))
      .catch((err: unknown) => {
        // Built-in ids are drawn past every id a chapter names; an id Brevo hands out, or one
        // a chapter was given by hand while this list was being made, can still be taken.
        if (LIST_ID_INDEXES.some(([index]) => isUniqueViolation(err, index))) {
          throw new HttpError(409, LIST_ID_TAKEN);
        }
        throw err;
      });
    return { listId: list.id, created: true };
  });
}
