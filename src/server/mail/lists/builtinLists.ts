// Lists of the built-in provider: a list id is a mailing_lists.id written as text.
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, mailingLists } from '../../db/schema';
import type { MailingList } from './provider';
import { queryRows } from '../../core/database';
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

/**
 * A new list, numbered past every id a chapter already names. Chapters brought over from the
 * original site keep its list ids (sendInBlue, Bronto), which name no list here: a plain
 * serial would hand one of them out again, and the chapter's unique list-id index would refuse
 * the new list's chapter. So the id is drawn from the sequence, drawing again past any id that
 * a list or a chapter holds, in one statement. Two servers at once each draw their own numbers
 * (a sequence never gives one twice), so they never pick the same id.
 */
export async function createList(db: Db, name: string): Promise<MailingList> {
  const seq = sql`pg_get_serial_sequence('mailing_lists', 'id')`;
  const taken = (id: SQL) => sql`(
    exists (select 1 from ${mailingLists} where ${mailingLists.id} = ${id})
    or exists (
      select 1 from ${chapters}
      where ${chapters.brontoListId} = ${id}::text or ${chapters.sendInBlueListId} = ${id}::text
    ))`;
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`
    with recursive draw(id) as (
      select nextval(${seq})::integer
      union all
      select nextval(${seq})::integer from draw where ${taken(sql`draw.id`)}
    )
    insert into ${mailingLists} (id, name)
    select max(id), ${name} from draw
    returning id, name`,
  );
  if (!row) throw new Error('insert returned no list');
  return { id: String(row.id), name: row.name };
}

export async function allLists(db: Db): Promise<MailingList[]> {
  const rows = await db.select().from(mailingLists).orderBy(asc(mailingLists.id));
  return rows.map((row) => ({ id: String(row.id), name: row.name }));
}
