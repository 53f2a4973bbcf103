// Queues a message of the built-in provider: the message alone, 'queueing', with the number of
// active contacts it is for; its deliveries are written in batches in the background
// (src/server/mail/sendQueuer.ts), so the request that asks for a send answers at once however
// long the list. The send worker (src/server/mail/sendWorker.ts) delivers them as they come.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingMessages } from '../../db/schema';
import { queryRows } from '../../core/database';
import { existingListId } from './builtinLists';
import type { ListMessage, QueuedMessage } from './provider';

export class UnknownListError extends Error {
  constructor(listId: string) {
    super(`No mailing list ${JSON.stringify(listId)}`);
  }
}

/**
 * The list's active contacts (what a send reaches, and what the host is told before it): a read
 * of the counts the triggers keep (migration 0017_member_counts), no list read.
 */
export async function countActiveContacts(db: Db, listId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(n), 0)::int as n from mailing_list_member_counts
        where list_id = ${listId} and status = 'active'`,
  );
  return Number(row?.n ?? 0);
}

export async function queueMessage(db: Db, message: ListMessage): Promise<QueuedMessage> {
  const listId = await existingListId(db, message.listId);
  if (listId === null) throw new UnknownListError(message.listId);
  const recipients = await countActiveContacts(db, listId);
  const [row] = await db
    .insert(mailingMessages)
    .values({
      listId,
      chapterId: message.chapterId,
      senderId: message.senderId,
      subject: message.subject,
      body: message.html,
      fromName: message.fromName,
      replyTo: message.replyTo,
      expected: recipients,
      // Nothing to deliver: the message is done now, not whenever a queuer next looks.
      ...(recipients === 0
        ? { status: 'finished', finishedAt: new Date() }
        : { status: 'queueing' }),
    })
    .returning({ id: mailingMessages.id });
  if (!row) throw new Error('insert returned no message');
  return { messageId: row.id, recipients };
}
