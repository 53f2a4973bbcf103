// POST /api/mailing_list/send_message (spec 2 §2 Send Email). In one transaction: the message,
// one pending delivery per active contact, and the same text published as a chapter post (the
// chapter page's posts and its 'Last Active' date read from there). The send worker delivers
// the rest; the caller gets 202 at once, however long the list.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterBlogPosts, chapterTypes } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { SendMessageAnswer } from '../../../common/schemas/mailing';
import { HttpError } from '../../plugins/errors';
import { mailingListProvider } from '../../mail/lists/factory';
import { slugify } from '../applications/service';
import { chapterEmail, displayTitle } from '../chapters/summaries';
import { isBlankRichText, sanitizeRichText } from '../content/sanitize';
import type { DbOrTx } from '../activity/service';
import type { ChapterRow } from './listAccess';

export interface SendInput {
  listId: string;
  title: string;
  body: string;
}

/** A slug of the title with a random tail, retried on the rare collision. */
async function insertPost(
  tx: DbOrTx,
  values: Omit<typeof chapterBlogPosts.$inferInsert, 'slug'>,
): Promise<string> {
  const base = slugify(values.title) || 'email';
  for (let i = 0; i < 5; i++) {
    const slug = `${base}-${randomBytes(3).toString('hex')}`;
    const [row] = await tx
      .insert(chapterBlogPosts)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: chapterBlogPosts.slug })
      .returning({ slug: chapterBlogPosts.slug });
    if (row) return row.slug;
  }
  throw new Error('could not find a free chapter post slug');
}

export async function sendMessage(
  db: Db,
  sender: User,
  chapter: ChapterRow,
  input: SendInput,
): Promise<SendMessageAnswer> {
  const html = sanitizeRichText(input.body);
  if (isBlankRichText(html)) {
    throw new HttpError(400, 'Invalid request: body.body', [
      { field: 'body.body', message: 'The message is empty' },
    ]);
  }
  const [type] = await db
    .select()
    .from(chapterTypes)
    .where(eq(chapterTypes.id, chapter.chapterTypeId))
    .limit(1);
  const replyTo = type ? chapterEmail(chapter, type) : '';

  return db.transaction(async (tx) => {
    const queued = await mailingListProvider(tx).queueMessage({
      listId: input.listId,
      subject: input.title,
      html,
      fromName: displayTitle(chapter),
      replyTo: replyTo || null,
      chapterId: chapter.id,
      senderId: sender.id,
    });
    const postSlug = await insertPost(tx, {
      chapterId: chapter.id,
      userId: sender.id,
      title: input.title,
      body: html,
    });
    return { messageId: queued.messageId, recipients: queued.recipients, postSlug };
  });
}
