// POST /api/mailing_list/send_message (spec 2 §2 Send Email). In one transaction: the message,
// one pending delivery per active contact, and (unless the host unticks it) the same text
// published as a chapter post. The chapter's 'Last Active' date counts the message either way
// (core/summaries.ts). The send worker delivers the rest; the caller gets 202 at once,
// however long the list.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { chapterBlogPosts } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { SendMessageAnswer } from '../../../common/schemas/mailing';
import { mailingListProvider } from '../../mail/lists/factory';
import type { MailingListProvider } from '../../mail/lists/provider';
import { slugify } from '../../core/slugify';
import type { DbOrTx } from '../../core/database';
import { composeMessage } from './draftService';
import type { ChapterRow } from '../../db/schema';

export interface SendInput {
  listId: string;
  title: string;
  body: string;
  /** Also publish it as a chapter post (the default). */
  post?: boolean;
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
  provider: MailingListProvider = mailingListProvider(db),
): Promise<SendMessageAnswer> {
  const message = await composeMessage(db, chapter, input);
  const html = message.body;

  return db.transaction(async (tx) => {
    const queued = await provider.forTransaction(tx).queueMessage({
      listId: input.listId,
      subject: message.subject,
      html,
      fromName: message.fromName,
      replyTo: message.replyTo,
      chapterId: chapter.id,
      senderId: sender.id,
    });
    const postSlug =
      input.post === false
        ? null
        : await insertPost(tx, {
            chapterId: chapter.id,
            userId: sender.id,
            title: input.title,
            body: html,
          });
    return { messageId: queued.messageId, recipients: queued.recipients, postSlug };
  });
}
