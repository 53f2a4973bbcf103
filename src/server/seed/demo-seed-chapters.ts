// Inserts the demo chapters, each with its mailing list and the list's members (demo.ts runs it
// inside its transaction).
import { randomBytes } from 'node:crypto';
import type { Tx } from '../core/database';
import { chapters, mailingListContacts, mailingLists } from '../db/schema';
import { CHAPTER_TYPES, CHAPTER_TYPE_SUFFIX } from '../../common/constants';
import { DEMO_CHAPTERS, DEMO_LIST_CONTACTS } from './demo-data';

export interface SeededChapter {
  id: number;
  title: string;
  emailAlias: string;
  mailDomain: string;
  createdAt: Date;
  /** Its built-in list, or null when it has none. */
  listId: number | null;
}

/** Chapters, each with its mailing list and members when it has one. */
export async function insertChapters(
  tx: Tx,
  ago: (days: number) => Date,
): Promise<Map<string, SeededChapter>> {
  const result = new Map<string, SeededChapter>();
  for (const [i, c] of DEMO_CHAPTERS.entries()) {
    const type = CHAPTER_TYPES.find((t) => t.id === c.chapterTypeId);
    if (!type) throw new Error(`Demo data: unknown chapter type ${c.chapterTypeId}`);
    const listName = `${type.name} ${CHAPTER_TYPE_SUFFIX} ${c.title}`;
    const createdAt = ago(950 - i * 30);
    let listId: number | null = null;
    if (c.hasMailingList) {
      const [list] = await tx
        .insert(mailingLists)
        .values({ name: listName, createdAt })
        .returning({ id: mailingLists.id });
      listId = list?.id ?? null;
      const contacts = DEMO_LIST_CONTACTS[c.key] ?? [];
      if (listId !== null && contacts.length > 0) {
        await tx.insert(mailingListContacts).values(
          contacts.map((contact, j) => {
            const status = contact.status ?? 'active';
            const numSends = 6 + ((i * 7 + j * 5) % 24);
            const numOpens = Math.floor(numSends * (0.35 + (j % 3) * 0.15));
            return {
              listId: listId as number,
              email: contact.email,
              status,
              unsubscribeToken: randomBytes(16).toString('hex'),
              blockedDate: status === 'blocked' || status === 'bounce' ? ago(20 + j * 9) : null,
              blockedReason:
                status === 'blocked'
                  ? 'Blocked by an admin'
                  : status === 'bounce'
                    ? 'Mailbox does not exist'
                    : null,
              lastActivity: ago(2 + ((i + j * 11) % 40)),
              numSends,
              numOpens,
              numClicks: Math.floor(numOpens / 3),
              createdAt: ago(300 - j * 20),
            };
          }),
        );
      }
    }
    const [row] = await tx
      .insert(chapters)
      .values({
        title: c.title,
        slug: c.slug,
        city: c.city,
        state: c.state,
        postalCode: c.postalCode,
        country: c.country,
        status: c.status,
        chapterTypeId: c.chapterTypeId,
        emailAlias: c.emailAlias,
        brontoListName: listId !== null ? listName : '',
        brontoListId: listId !== null ? String(listId) : null,
        sendInBlueListId: c.sendInBlueListId,
        about: c.about,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: chapters.id });
    if (!row) throw new Error(`Demo data: chapter '${c.key}' was not inserted`);
    result.set(c.key, {
      id: row.id,
      title: c.title,
      emailAlias: c.emailAlias,
      mailDomain: type.mailDomain,
      createdAt,
      listId,
    });
  }
  return result;
}
