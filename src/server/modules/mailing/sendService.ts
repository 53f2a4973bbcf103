// POST /api/mailing_list/send_message (spec 2 §2 Send Email). In one transaction: the message,
// one pending delivery per active contact, and (unless the host unticks it) the same text
// published as a chapter post. The chapter's 'Last Active' date counts the message either way
// (core/summaries.ts). The send worker delivers the rest; the caller gets 202 at once,
// however long the list.
import type { Db } from '../../db/client';
import type { User } from '../../../common/schemas/auth';
import type { SendMessageAnswer } from '../../../common/schemas/mailing';
import { mailingListProvider } from '../../mail/lists/factory';
import type { MailingListProvider } from '../../mail/lists/provider';
import { insertChapterPost } from '../../core/chapterPostInsert';
import { composeMessage } from './draftService';
import type { ChapterRow } from '../../db/schema';

export interface SendInput {
  listId: string;
  title: string;
  body: string;
  /** Also publish it as a chapter post (the default). */
  post?: boolean;
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
        : (
            await insertChapterPost(tx, {
              chapterId: chapter.id,
              userId: sender.id,
              title: input.title,
              body: html,
            })
          ).slug;
    return { messageId: queued.messageId, recipients: queued.recipients, postSlug };
  });
}
