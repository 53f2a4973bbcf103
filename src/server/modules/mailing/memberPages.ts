// The Members screen's pages of a built-in list (issue 23): newest first, by offset, each read
// from an index in order (migration 0010), never sorted out of the whole list.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingListContacts as c, mailingListMemberCounts as counts } from '../../db/schema';
import type { ChapterContact } from '../../../common/schemas/mailing';
import {
  MEMBER_STATUS_FILTERS,
  SEARCH_COUNT_CAP,
  type MemberPage,
  type MemberPageQuery,
} from '../../../common/schemas/members';

/** `text` as a LIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Which contacts of the list the query asks for. The search finds part of the address or of the
 * name (an import's; issue 35), its % _ and \ taken literally. lower(email) LIKE '%...%' is what
 * a trigram index serves (where pg_trgm was made); elsewhere, and for names, the list's rows are
 * read in index order until the page is full.
 */
export function memberFilter(
  listId: number,
  query: Pick<MemberPageQuery, 'search' | 'status'>,
  statuses: readonly string[] | null = query.status ? MEMBER_STATUS_FILTERS[query.status] : null,
) {
  const parts: SQL[] = [eq(c.listId, listId)];
  if (statuses) parts.push(inArray(c.status, [...statuses]));
  const search = query.search.trim();
  if (search) {
    const pattern = containsPattern(search);
    parts.push(
      sql`(lower(${c.email}) like lower(${pattern}) or lower(${c.name}) like lower(${pattern}))`,
    );
  }
  return and(...parts)!;
}

export const contactColumns = {
  id: c.id,
  email: c.email,
  status: c.status,
  createdAt: c.createdAt,
  deletedAt: c.deletedAt,
};

/** A page's columns: the contact's and the name the Members screen shows beside the address. */
const pageColumns = { ...contactColumns, name: c.name };

export function asChapterContact(row: {
  id: number;
  email: string;
  name?: string | null;
  status: string;
  createdAt: Date;
  deletedAt: Date | null;
}): ChapterContact {
  return {
    id: row.id,
    ...(row.name === undefined ? {} : { name: row.name }),
    email: row.email,
    status: row.status,
    created: row.createdAt.toISOString(),
    deleted: row.deletedAt?.toISOString() ?? null,
  };
}

/**
 * How many contacts of the list have one of `statuses` (every status when null): a read of the
 * counts the triggers keep (migration 0017), a row per status, whatever the list's size.
 */
export async function countByStatus(db: Db, listId: number, statuses: readonly string[] | null) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${counts.n}), 0)::int`.mapWith(Number) })
    .from(counts)
    .where(
      and(eq(counts.listId, listId), statuses ? inArray(counts.status, [...statuses]) : undefined),
    );
  return row?.n ?? 0;
}

/**
 * How many contacts match: the kept counts without a search; for a search counted up to
 * SEARCH_COUNT_CAP + 1 only, so a fragment every address has stops early.
 */
async function countMembers(db: Db, query: MemberPageQuery, where: SQL, kept: number) {
  if (query.search.trim() === '') return { total: kept, totalCapped: false };
  const matching = db
    .select({ one: sql`1` })
    .from(c)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(matching.as('matching'));
  const n = row?.n ?? 0;
  return { total: n, totalCapped: n > SEARCH_COUNT_CAP };
}

/**
 * The stored words of the status filter that the list holds, and how many members have them:
 * a filter of one word present (the usual case: 'unsub', never 'deleted') is one ordered range
 * of the (list, status, joined) index, where three words were a walk of the whole list.
 */
async function statusesHeld(db: Db, listId: number, statuses: readonly string[]) {
  const rows = await db
    .select({ status: counts.status, n: sql<number>`${counts.n}::int`.mapWith(Number) })
    .from(counts)
    .where(and(eq(counts.listId, listId), inArray(counts.status, [...statuses])));
  const held = rows.filter((r) => r.n > 0);
  return { statuses: held.map((r) => r.status), total: held.reduce((sum, r) => sum + r.n, 0) };
}

// The indexes (migration 0010) hold created_at and id DESC NULLS LAST, drizzle-kit's .desc().
// An ORDER BY must name the same null order, though neither column is ever null: a plain DESC
// means NULLS FIRST, another order, and PostgreSQL then reads the whole list and sorts it.
export const newestFirst = [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`];
const oldestFirst = [sql`${c.createdAt} asc nulls first`, sql`${c.id} asc nulls first`];

/**
 * The ids of `count` contacts from `offset`, newest first, or from the oldest end when
 * `fromOldest` (a deep page of a large list is read from the nearer end: half the skipping).
 * Only the index is read to skip: the rows are fetched for the page's ids alone.
 */
async function pageRows(db: Db, where: SQL, offset: number, count: number, fromOldest: boolean) {
  const order = fromOldest ? oldestFirst : newestFirst;
  const ids = db
    .select({ id: c.id })
    .from(c)
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(count);
  return db
    .select(pageColumns)
    .from(c)
    .where(inArray(c.id, ids))
    .orderBy(...newestFirst);
}

/** One page of a built-in list's members and how many match. */
export async function builtinMemberPage(
  db: Db,
  listId: number,
  query: MemberPageQuery,
): Promise<MemberPage> {
  const filter = query.status ? MEMBER_STATUS_FILTERS[query.status] : null;
  const held = filter
    ? await statusesHeld(db, listId, filter)
    : { statuses: null, total: await countByStatus(db, listId, null) };
  if (held.total === 0) return { members: [], total: 0, totalCapped: false };
  const where = memberFilter(listId, query, held.statuses);
  const { total, totalCapped } = await countMembers(db, query, where, held.total);
  const offset = query.page * query.pageSize;
  if (offset >= total && !totalCapped) return { members: [], total, totalCapped };
  const count = totalCapped ? query.pageSize : Math.min(query.pageSize, total - offset);
  // Past the middle of an exactly counted list, the page is nearer the oldest end.
  const fromOldest = !totalCapped && offset + count > total / 2 && total > 2 * query.pageSize;
  const rows = fromOldest
    ? await pageRows(db, where, total - offset - count, count, true)
    : await pageRows(db, where, offset, count, false);
  return { members: rows.map(asChapterContact), total, totalCapped };
}

/** A page cut from a whole list in memory: lists kept by a service such as Brevo. */
export function pageOfContacts(contacts: ChapterContact[], query: MemberPageQuery): MemberPage {
  const statuses: readonly string[] | null = query.status
    ? MEMBER_STATUS_FILTERS[query.status]
    : null;
  const search = query.search.trim().toLowerCase();
  const matching = contacts
    .filter((m) => (statuses ? statuses.includes(m.status) : true))
    .filter(
      (m) =>
        !search ||
        m.email.toLowerCase().includes(search) ||
        (m.name ?? '').toLowerCase().includes(search),
    )
    .sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id);
  const offset = query.page * query.pageSize;
  return {
    members: matching.slice(offset, offset + query.pageSize),
    total: matching.length,
    totalCapped: false,
  };
}
