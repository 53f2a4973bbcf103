// Which list a chapter's scheduled reminders go through (issue 34; the mail schedule asks, in its
// own transaction, for each reminder it fires): the built-in list the chapter's counted field
// names (./countedList.ts, the rule the chapter page's member count follows), or none. Which
// list a chapter has is this module's to know, so the schedule asks here.
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../core/database';
import { mailingLists, type ChapterRow } from '../../db/schema';
import { countedListField } from './countedList';

/** The callback the mail schedule takes: a chapter's built-in list id, or null. */
export function reminderListOf(
  config: Config,
): (tx: DbOrTx, chapter: ChapterRow) => Promise<number | null> {
  return async (tx, chapter) => {
    // Reminders go through the built-in lists only: a list kept at Brevo is Brevo's to mail.
    // Read in the caller's transaction: the embedded database has one connection.
    const field = await countedListField(tx, config);
    if (field === null) return null;
    const id = Number(chapter[field]?.trim());
    if (!Number.isInteger(id) || id <= 0) return null;
    const [list] = await tx
      .select({ id: mailingLists.id })
      .from(mailingLists)
      .where(eq(mailingLists.id, id));
    return list ? list.id : null;
  };
}
