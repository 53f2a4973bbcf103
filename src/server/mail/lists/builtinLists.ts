// Lists of the built-in provider: a list id is a mailing_lists.id written as text.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingLists } from '../../db/schema';
import type { MailingList } from './provider';
import { canonicalListId } from '../../../common/schemas/ids';

/**
 * The numeric id a list id names, or null for text that can name no built-in list. Only the
 * canonical form names a list ("4", never "04" or "+4"): the same text that chapters store and
 * that the check of who owns a list compares.
 */
export function parseListId(listId: string): number | null {
  return canonicalListId(listId) === listId ? Number(listId) : null;
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

export async function allLists(db: Db): Promise<MailingList[]> {
  const rows = await db.select().from(mailingLists).orderBy(asc(mailingLists.id));
  return rows.map((row) => ({ id: String(row.id), name: row.name }));
}
