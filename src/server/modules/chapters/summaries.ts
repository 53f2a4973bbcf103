// Chapter summaries (what lists and the map show) for any set of chapters, in four queries
// whatever the number of chapters: the chapters with their types, then their events, their
// latest post dates and their latest chapter email dates, each selected by the same condition.
import { and, asc, eq, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chapterBlogPosts,
  chapterEvents,
  chapterTypes,
  chapters,
  mailingMessages,
} from '../../db/schema';
import type { ChapterEvent, ChapterSummary } from '../../../common/schemas/chapters';

export type ChapterRow = typeof chapters.$inferSelect;
export type TypeRow = typeof chapterTypes.$inferSelect;
export type EventRow = typeof chapterEvents.$inferSelect;

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
  row: ChapterRow,
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
    .select({ chapter: chapters, type: chapterTypes })
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
  const { eventRows, lastPostBy } = await loadDetails(db, scope);
  const summaries = rows.map((r) =>
    toSummary(
      r.chapter,
      r.type,
      (eventRows.get(r.chapter.id) ?? []).map(toEvent),
      lastPostBy.get(r.chapter.id) ?? null,
    ),
  );
  return { summaries, eventRows };
}

/**
 * The events and 'Last Active' dates of the chapters `scope` selects: three queries in parallel.
 * A chapter is active when it posts or sends its list an email, posted or not (spec 2 §2 Send
 * Email lets a host send without a post), so `lastPostBy` is the later of the two.
 */
export async function loadDetails(
  db: Db,
  scope: SQL | undefined,
): Promise<{ eventRows: Map<number, EventRow[]>; lastPostBy: Map<number, Date | null> }> {
  const [events, lastPosts, lastEmails] = await Promise.all([
    db
      .select({ event: chapterEvents })
      .from(chapterEvents)
      .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
      .where(scope)
      .orderBy(asc(chapterEvents.id)),
    db
      .select({ chapterId: chapterBlogPosts.chapterId, last: max(chapterBlogPosts.createdAt) })
      .from(chapterBlogPosts)
      .innerJoin(chapters, eq(chapters.id, chapterBlogPosts.chapterId))
      .where(scope)
      .groupBy(chapterBlogPosts.chapterId),
    db
      .select({ chapterId: mailingMessages.chapterId, last: max(mailingMessages.createdAt) })
      .from(mailingMessages)
      .innerJoin(chapters, eq(chapters.id, mailingMessages.chapterId))
      .where(and(isNotNull(mailingMessages.chapterId), scope))
      .groupBy(mailingMessages.chapterId),
  ]);
  const eventRows = new Map<number, EventRow[]>();
  for (const { event } of events) {
    const list = eventRows.get(event.chapterId) ?? [];
    list.push(event);
    eventRows.set(event.chapterId, list);
  }
  const lastPostBy = new Map<number, Date | null>(lastPosts.map((p) => [p.chapterId, p.last]));
  for (const { chapterId, last } of lastEmails) {
    const post = chapterId === null ? undefined : lastPostBy.get(chapterId);
    if (chapterId !== null && last && (!post || last > post)) lastPostBy.set(chapterId, last);
  }
  return { eventRows, lastPostBy };
}
