// A chapter's own mailing list: the list named by the chapter's list-id field (the one the
// email-service setting picks), made on first need.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';
import { mailingListProvider } from '../../mail/lists/factory';
import { chapterNotFound } from '../../core/visibility';
import { displayTitle } from '../../core/summaries';
import { getEmailService } from '../settings';
import { listIdField } from './listAccess';
import type { MailingListProvider } from '../../mail/lists/provider';

/**
 * The chapter's list id, after making the list if it has none. The chapter row is locked, so
 * two callers at once make one list. Access is the caller's to check.
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
    const existing = row[field]?.trim();
    if (existing) return { listId: existing, created: false };
    const list = await provider.forTransaction(tx).createList(displayTitle(row) || row.slug);
    await tx
      .update(chapters)
      .set({ [field]: list.id })
      .where(eq(chapters.id, chapterId));
    return { listId: list.id, created: true };
  });
}
