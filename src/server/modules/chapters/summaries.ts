// Chapter summaries (what lists and the map show) for any set of chapters, in two queries
// whatever the number of chapters: the chapters with their types (and their 'Last Active' date,
// kept on the row by triggers, migration 0007), then their events, selected by the same
// condition. Lists never read posts or emails.
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents, chapterTypes, chapters } from '../../db/schema';
import type { ChapterEvent, ChapterSummary } from '../../../common/schemas/chapters';

export type ChapterRow = typeof chapters.$inferSelect;
export type TypeRow = typeof chapterTypes.$inferSelect;
export type EventRow = typeof chapterEvents.$inferSelect;

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

const collator = new Intl.Collator('en', { sensitivity: 'base' });
/** Display title, case-insensitive (spec 1 §2 State screen); the web app sorts the same way. */
export function byDisplayTitle<T extends Pick<ChapterSummary, 'displayTitle' | 'id'>>(
  a: T,
  b: T,
): number {
  return collator.compare(a.displayTitle, b.displayTitle) || a.id - b.id;
}

export function toEvent(row: EventRow): ChapterEvent {
  const { createdAt: _c, updatedAt: _u, ...event } = row;
  return event;
}

export function chapterEmail(row: Pick<ChapterRow, 'emailAlias'>, type: TypeRow): string {
  return row.emailAlias ? `${row.emailAlias}@${type.mailDomain}` : '';
}

export function toSummary(
  row: SummaryRow,
  type: TypeRow,
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

export interface SummaryQuery {
  /** Which chapters: a condition over the `chapters` table. */
  where: SQL | undefined;
  /** At most this many, by display title; the details then load by id. */
  limit?: number;
}

export interface LoadedSummaries {
  summaries: ChapterSummary[];
  /** The raw event rows by chapter, for callers that compute dates from them. */
  eventRows: Map<number, EventRow[]>;
}

/** Summaries in database order: by display title when limited, by state and title otherwise. */
export async function loadSummaries(db: Db, query: SummaryQuery): Promise<LoadedSummaries> {
  const base = db
    .select({ chapter: summaryColumns, type: chapterTypes })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapters.chapterTypeId, chapterTypes.id))
    .where(query.where);
  const rows =
    query.limit === undefined
      ? await base.orderBy(asc(chapters.state), asc(chapters.title), asc(chapters.id))
      : await base.orderBy(displayTitleSql, asc(chapters.id)).limit(query.limit);
  if (rows.length === 0) return { summaries: [], eventRows: new Map() };
  // A limited list names its few ids; an unlimited one repeats its condition, so that a list of
  // thousands of chapters never becomes thousands of query parameters.
  const scope =
    query.limit === undefined
      ? query.where
      : inArray(
          chapters.id,
          rows.map((r) => r.chapter.id),
        );
  const eventRows = await loadEvents(db, scope);
  const summaries = rows.map((r) =>
    toSummary(
      r.chapter,
      r.type,
      (eventRows.get(r.chapter.id) ?? []).map(toEvent),
      r.chapter.lastActiveAt,
    ),
  );
  return { summaries, eventRows };
}

/** The events of the chapters `scope` selects, by chapter. */
export async function loadEvents(db: Db, scope: SQL | undefined): Promise<Map<number, EventRow[]>> {
  const events = await db
    .select({ event: chapterEvents })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(scope)
    .orderBy(asc(chapterEvents.id));
  const eventRows = new Map<number, EventRow[]>();
  for (const { event } of events) {
    const list = eventRows.get(event.chapterId) ?? [];
    list.push(event);
    eventRows.set(event.chapterId, list);
  }
  return eventRows;
}
