// The demo's sends: each chapter post of a chapter with a list went out as an email too (as the
// Send Email screen does), delivered to the list's active members, so that the host's dashboard,
// its send list and the admins' health table show a last email that went
// (docs/decisions/22-chapter-figures.md).
import { and, eq } from 'drizzle-orm';
import { mailingDeliveries, mailingListContacts, mailingMessages } from '../db/schema';
import type { DemoChapterPost } from './demo-types';
import type { SeededChapter } from './demo-seed-chapters';
import type { Tx } from '../core/database';

export async function insertDemoSends(
  tx: Tx,
  posts: readonly DemoChapterPost[],
  chapter: (key: string) => SeededChapter,
  ago: (days: number) => Date,
): Promise<void> {
  for (const post of posts) {
    const c = chapter(post.chapter);
    if (c.listId === null) continue;
    const contacts = await tx
      .select({ id: mailingListContacts.id })
      .from(mailingListContacts)
      .where(
        and(eq(mailingListContacts.listId, c.listId), eq(mailingListContacts.status, 'active')),
      );
    if (contacts.length === 0) continue;
    const at = ago(post.daysAgo);
    const [message] = await tx
      .insert(mailingMessages)
      .values({
        listId: c.listId,
        chapterId: c.id,
        subject: post.title,
        body: post.body,
        fromName: c.title,
        status: 'finished',
        expected: contacts.length,
        queued: contacts.length,
        createdAt: at,
        finishedAt: at,
      })
      .returning({ id: mailingMessages.id });
    if (!message) continue;
    await tx.insert(mailingDeliveries).values(
      contacts.map((contact) => ({
        messageId: message.id,
        contactId: contact.id,
        status: 'sent',
        sentAt: at,
      })),
    );
  }
}
