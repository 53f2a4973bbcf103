// Queues a message of the built-in provider: the message and one pending delivery per active
// contact, in two statements whatever the size of the list. The send worker
// (src/server/mail/sendWorker.ts) delivers them.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingMessages } from '../../db/schema';
import { queryRows } from '../queryRows';
import { existingListId } from './builtinLists';
import type { ListMessage, QueuedMessage } from './provider';

export class UnknownListError extends Error {
  constructor(listId: string) {
    super(`No mailing list ${JSON.stringify(listId)}`);
  }
}

export async function queueMessage(db: Db, message: ListMessage): Promise<QueuedMessage> {
  const listId = await existingListId(db, message.listId);
  if (listId === null) throw new UnknownListError(message.listId);
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
    })
    .returning({ id: mailingMessages.id });
  if (!row) throw new Error('insert returned no message');

  const [count] = await queryRows<{ n: number }>(
    db,
    sql`with queued as (
          insert into mailing_deliveries (message_id, contact_id)
          select ${row.id}, id from mailing_list_contacts
          where list_id = ${listId} and status = 'active'
          returning 1
        )
        select count(*)::int as n from queued`,
  );
  const recipients = count?.n ?? 0;
  if (recipients === 0) {
    // Nothing to deliver: the message is done now, not whenever a worker next looks.
    await db
      .update(mailingMessages)
      .set({ status: 'finished', finishedAt: new Date() })
      .where(eq(mailingMessages.id, row.id));
  }
  return { messageId: row.id, recipients };
}
