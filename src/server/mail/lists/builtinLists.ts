// Lists of the built-in provider: a list id is a mailing_lists.id written as text.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingLists } from '../../db/schema';
import type { MailingList } from './provider';

const INT4_MAX = 2_147_483_647;

/** The numeric id a list id names, or null for text that can name no built-in list. */
export function parseListId(listId: string): number | null {
  const trimmed = listId.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return id > 0 && id <= INT4_MAX ? id : null;
}

/** The list's numeric id when it exists. */
export async function existingListId(db: Db, listId: string): Promise<number | null> {
  const id = parseListId(listId);
  if (id === null) return null;
  const [row] = await db
    .select({ id: mailingLists.id })
    .from(mailingLists)
    .where(eq(mailingLists.id, id))
    .limit(1);
  return row ? row.id : null;
}

export async function getList(db: Db, listId: string): Promise<MailingList | null> {
  const id = parseListId(listId);
  if (id === null) return null;
  const [row] = await db.select().from(mailingLists).where(eq(mailingLists.id, id)).limit(1);
  return row ? { id: String(row.id), name: row.name } : null;
}

export async function createList(db: Db, name: string): Promise<MailingList> {
  const [row] = await db.insert(mailingLists).values({ name }).returning();
  if (!row) throw new Error('insert returned no list');
  return { id: String(row.id), name: row.name };
}
