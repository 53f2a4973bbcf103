// Chapter summaries (what lists and the map show) for any set of chapters, in one query whatever
// the number of chapters: the chapters with their types, their 'Last Active' date (kept on the
// row by triggers, migration 0007) and their events, which PostgreSQL hands over as JSON already
// in the API's shape (eventsJson). Lists never read posts or emails.
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chapterEvents, chapterTypes, chapters } from '../db/schema';
import type { ChapterRow, ChapterTypeRow, ChapterEventRow } from '../db/schema';
import {
  chapterEventSchema,
  type ChapterEvent,
  type ChapterSummary,
} from '../../common/schemas/chapters';
import type { ChapterRef } from '../../common/schemas/chapterRef';

/** What a summary shows of a chapter: never its about text, the widest column by far. */
const summaryColumns = {
  id: chapters.id,
  title: chapters.title,
  slug: chapters.slug,
  city: chapters.city,
  state: chapters.state,
  postalCode: chapters.postalCode,
  country: chapters.country,
  status: chapters.status,
  chapterTypeId: chapters.chapterTypeId,
  emailAlias: chapters.emailAlias,
  lastActiveAt: chapters.lastActiveAt,
};
export type SummaryRow = Pick<ChapterRow, keyof typeof summaryColumns>;

/** The name lists show and sort by: the chapter's title, or its city when it has none. */
export function displayTitle(row: Pick<ChapterRow, 'title' | 'city'>): string {
  return row.title.trim() || row.city.trim();
}

/** The same, as SQL, for ordering before a LIMIT. */
export const displayTitleSql = sql`lower(coalesce(nullif(btrim(${chapters.title}), ''), btrim(${chapters.city})))`;

/** Spec 1 §3: a chapter's state defaults to International when empty. */
export function chapterState(state: string): string {
  return state.trim().toUpperCase() || 'INT';
}

/** The chapter another answer names (a user's role, an event, a dashboard row). */
export function toChapterRef(
  row: Pick<ChapterRow, 'id' | 'title' | 'city' | 'slug' | 'state' | 'status'>,
): ChapterRef {
  return {
    id: row.id,
    title: row.title,
    displayTitle: displayTitle(row),
    slug: row.slug,
    state: chapterState(row.state),
    status: row.status,
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });
/** Display title, case-insensitive (spec 1 §2 State screen); the web app sorts the same way. */
export function byDisplayTitle<T extends Pick<ChapterSummary, 'displayTitle' | 'id'>>(
  a: T,
  b: T,
): number {
  return collator.compare(a.displayTitle, b.displayTitle) || a.id - b.id;
}

export function toEvent(row: ChapterEventRow): ChapterEvent {
  const { createdAt: _c, updatedAt: _u, ...event } = row;
  return event;
}

export function chapterEmail(row: Pick<ChapterRow, 'emailAlias'>, type: ChapterTypeRow): string {
  return row.emailAlias ? `${row.emailAlias}@${type.mailDomain}` : '';
}

export function toSummary(
  row: SummaryRow,
  type: ChapterTypeRow,
  events: ChapterEvent[],
  lastPost: Date | null,
): ChapterSummary {
  return {
    id: row.id,
    title: row.title,
    displayTitle: displayTitle(row),
    slug: row.slug,
    city: row.city,
    state: chapterState(row.state),
    postalCode: row.postalCode,
    country: row.country,
    status: row.status,
    chapterTypeId: row.chapterTypeId,
    chapter_type: { id: type.id, name: type.name, hexColor: type.hexColor },
    emailAlias: row.emailAlias,
    email: chapterEmail(row, type),
    lastBlogPostDate: lastPost ? lastPost.toISOString() : null,
    chapter_events: events,
  };
}

/** Where a chapter stands in state order (state, title, id), as stored. */
export interface StateOrderKey {
  state: string;
  title: string;
  id: number;
}

export interface SummaryQuery {
  /** Which chapters: a condition over the `chapters` table. */
  where: SQL | undefined;
  /** At most this many, by display title. */
  limit?: number;
  /** Or the next `size` in state order after the chapter at `after` (null: from the first). */
  page?: { size: number; after: StateOrderKey | null };
}

const eventColumns = getTableColumns(chapterEvents);

/**
 * The events of the chapter in the outer query's `chapters` row, by id, as a JSON array of the
 * API's events (chapterEventSchema's fields, named as it names them). PostgreSQL builds it and
 * the driver hands it over parsed: no per-column mapping of hundreds of event rows in Node.
 */
export const eventsJson: SQL<ChapterEvent[]> = (() => {
  const fields = Object.keys(chapterEventSchema.shape).map((field) => {
    const column = eventColumns[field as keyof typeof eventColumns];
    if (!column) throw new Error(`chapter_events has no column for the API's event.${field}`);
    return `'${field}', e."${column.name}"`;
  });
  return sql<ChapterEvent[]>`(select coalesce(json_agg(json_build_object(${sql.raw(
    fields.join(', '),
  )}) order by e.id), '[]'::json) from ${chapterEvents} e where e.chapter_id = ${chapters.id})`;
})();

/** The statement of loadSummaries (bench/explainLists.ts explains it). */
export function summariesQuery(db: Db, query: SummaryQuery) {
  const after = query.page?.after;
  const base = db
    .select({ chapter: summaryColumns, type: chapterTypes, events: eventsJson })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapters.chapterTypeId, chapterTypes.id))
    .where(
      after
        ? and(
            query.where,
            sql`(${chapters.state}, ${chapters.title}, ${chapters.id}) > (${after.state}, ${after.title}, ${after.id})`,
          )
        : query.where,
    );
  if (query.limit !== undefined) {
    return base.orderBy(displayTitleSql, asc(chapters.id)).limit(query.limit);
  }
  const inStateOrder = base.orderBy(asc(chapters.state), asc(chapters.title), asc(chapters.id));
  return query.page ? inStateOrder.limit(query.page.size) : inStateOrder;
}

/**
 * Summaries in database order: by display title when limited, by state and title otherwise. One
 * statement: each chapter comes with its events (eventsJson), found through their index.
 */
export async function loadSummaries(db: Db, query: SummaryQuery): Promise<ChapterSummary[]> {
  const rows = await summariesQuery(db, query);
  return rows.map((r) => toSummary(r.chapter, r.type, r.events, r.chapter.lastActiveAt));
}
