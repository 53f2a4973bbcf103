// A chapter's figures, each defined once (issue 35, docs/decisions/22-chapter-figures.md): the
// admins' health table, the host's dashboard and the public chapter page read them from here.
//   members     the confirmed, active contacts of the chapter's built-in list (the stored
//               status 'active': not unconfirmed, unsubscribed, bounced or blocked);
//   last email  the last send that went: a message to the chapter's list at least one copy of
//               which was delivered (a send cancelled before any copy went, or one still
//               waiting for its first, is not an email the members got);
//   last event  (dashboard module, eventDates.ts) the last date one of its events was held.
import { and, eq, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';
import {
  chapterEvents,
  chapters,
  mailingDeliveries,
  mailingListMemberCounts,
  mailingMessages,
  rsvpDates,
} from '../db/schema';
import { STORED_STATUS } from '../../common/memberFilters';

/** A list-id field's built-in list id ('12', ' 12 '); null for blank or another service's id. */
export function builtinListId(value: string | null): number | null {
  const trimmed = value?.trim() ?? '';
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Members, as SQL over a list-id column of the outer query's `chapters` row: one read of the
 * counts' primary key. Null when the field names no built-in list; 0 when the list has none.
 */
export function activeMembersSql(
  listIdColumn: typeof chapters.brontoListId | typeof chapters.sendInBlueListId,
): SQL<number | null> {
  const id = sql`btrim(${listIdColumn})`;
  return sql<number | null>`case when ${id} ~ '^[0-9]{1,9}$' then coalesce((select m.n::int
    from ${mailingListMemberCounts} m
    where m.list_id = ${id}::int and m.status = ${STORED_STATUS.active}), 0) end`;
}

/** Members of each of these built-in lists (every list when `listIds` is undefined). */
export async function activeMembersByList(
  db: DbOrTx,
  listIds?: readonly number[],
): Promise<Map<number, number>> {
  if (listIds && listIds.length === 0) return new Map();
  const rows = await db
    .select({ listId: mailingListMemberCounts.listId, n: mailingListMemberCounts.n })
    .from(mailingListMemberCounts)
    .where(
      and(
        eq(mailingListMemberCounts.status, STORED_STATUS.active),
        listIds ? inArray(mailingListMemberCounts.listId, [...listIds]) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.listId, Number(r.n)]));
}

/** A message some copy of which was delivered. */
const went = sql`exists (select 1 from ${mailingDeliveries} d
  where d.message_id = ${mailingMessages.id} and d.status = 'sent')`;

/** Each chapter's last email (when its last send that went was sent), or one chapter's. */
export async function lastEmailByChapter(
  db: DbOrTx,
  chapterId?: number,
): Promise<Map<number, Date>> {
  const rows = await db
    .select({ chapterId: mailingMessages.chapterId, at: max(mailingMessages.createdAt) })
    .from(mailingMessages)
    .where(
      and(
        chapterId === undefined
          ? isNotNull(mailingMessages.chapterId)
          : eq(mailingMessages.chapterId, chapterId),
        went,
      ),
    )
    .groupBy(mailingMessages.chapterId);
  const found = new Map<number, Date>();
  for (const r of rows) if (r.chapterId !== null && r.at) found.set(r.chapterId, r.at);
  return found;
}

/**
 * Each chapter's last date counted at the door (attendance saved: it was held), or one
 * chapter's: 'YYYY-MM-DD', the rule's date.
 */
export async function lastCountedByChapter(
  db: DbOrTx,
  chapterId?: number,
): Promise<Map<number, string>> {
  const rows = await db
    .select({
      chapterId: chapterEvents.chapterId,
      date: sql<string>`to_char(max(${rsvpDates.date}), 'YYYY-MM-DD')`,
    })
    .from(rsvpDates)
    .innerJoin(chapterEvents, eq(chapterEvents.id, rsvpDates.eventId))
    .where(
      and(
        isNotNull(rsvpDates.attended),
        chapterId === undefined ? undefined : eq(chapterEvents.chapterId, chapterId),
      ),
    )
    .groupBy(chapterEvents.chapterId);
  return new Map(rows.map((r) => [r.chapterId, r.date]));
}
