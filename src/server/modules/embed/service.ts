// The coming meetings another site shows (issue 36): of one chapter, a state, a chapter type or
// the whole network, soonest first. Read as a visitor reads the chapter pages: active chapters
// only, whoever asks (a widget runs on someone else's page, without our cookie); skipped dates
// left out, moved ones at their new day and time, the going count where anyone is going.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, type ChapterTypeRow } from '../../db/schema';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import type { ChapterEvent, UpcomingDate } from '../../../common/schemas/chapters';
import {
  EMBED_LIMIT_DEFAULT,
  EMBED_LIMIT_MAX,
  type EmbedEvents,
  type EmbedQuery,
} from '../../../common/schemas/embed';
import { shows } from '../../caching/answerKeys';
import { countsByDate, dateKey } from '../../core/rsvpCounts';
import { HttpError } from '../../core/httpError';
import { displayTitle, type SummaryRow } from '../../core/summaries';
import { chapterTimeZone } from '../../core/timezone';
import { scopeTitle, scopeWhere, type ChaptersScope } from '../../core/chapterScope';
import { upcomingOf } from '../chapters';
import { createDatesMemo, keptUntil, type DatesMemo, type KeptDates } from './nextDatesMemo';
import { forEachChapter, listedOf } from './scopeChapters';

/** The paths of a chapter's and an event's pages, as the web app names them. */
export const chapterPath = (c: { state: string; slug: string }) =>
  `/chapter/${c.state.toLowerCase()}/${c.slug}`;
export const eventPath = (c: { state: string; slug: string }, eventSlug: string) =>
  `${chapterPath(c)}/events/${eventSlug}`;

/** The chapters a query of many names (`chapter` aside): core/chapterScope.ts's scope. */
export const scopeOf = (q: { state?: string; type?: number }): ChaptersScope => ({
  state: q.state ?? null,
  typeId: q.type ?? null,
});

export interface EmbedList extends EmbedEvents {
  /** What the answer shows (answerKeys.ts): forgotten with any of it. */
  shows: string[];
}

/** A scope's coming meetings, soonest first: the most a widget shows (EMBED_LIMIT_MAX). */
export interface NextDates {
  found: {
    chapter: SummaryRow;
    type: ChapterTypeRow;
    event: ChapterEvent;
    date: UpcomingDate;
    timeZone: string;
  }[];
  /** The chapter a list of one chapter is of (its title and page head the list). */
  only: { chapter: SummaryRow; type: ChapterTypeRow } | undefined;
  /** What they were worked out from (answerKeys.ts), which the answers built from them show. */
  shows: readonly string[];
}

/** The memo key of a query: its chapters, whatever its `limit`. */
const scopeKey = (q: EmbedQuery) => [q.chapter ?? '', q.state ?? '', q.type ?? ''].join('|');

/**
 * Works out the next dates of the chapters `q` names from every one of them with its events and
 * exceptions, and until when they hold (nextDatesMemo.ts). A chapter asked for by slug that does
 * not exist or is hidden is a 404, as its page is to a visitor.
 */
async function workOutNextDates(db: Db, q: EmbedQuery, now: Date): Promise<KeptDates<NextDates>> {
  const where = and(
    scopeWhere(scopeOf(q)),
    q.chapter === undefined ? undefined : eq(chapters.slug, q.chapter),
  );
  const found: NextDates['found'] = [];
  const rows = await forEachChapter(db, where, now, ({ chapter, type, events }, exceptions) => {
    const timeZone = chapterTimeZone(chapter, events);
    const byId = new Map(events.map((e) => [e.id, e]));
    for (const d of upcomingOf(chapter, events, now, EMBED_LIMIT_MAX, exceptions)) {
      const event = byId.get(d.eventId);
      if (event) found.push({ chapter, type, event, date: d, timeZone });
    }
  });
  if (q.chapter !== undefined && rows.length === 0) throw new HttpError(404, 'Chapter not found');
  found.sort((a, b) => a.date.start.localeCompare(b.date.start));
  const shown = found.slice(0, EMBED_LIMIT_MAX);
  const only = rows.length === 1 && q.chapter !== undefined ? rows[0] : undefined;
  const listed = listedOf(rows);
  // A chapter's list goes with the chapter and its events; a state's with its chapters (one
  // joining it too); the network's or a type's with any chapter's change.
  const from = q.state
    ? shows.stateList(q.state, listed)
    : only
      ? shows.stateList(only.chapter.state, listed)
      : shows.allChapters();
  return {
    value: { found: shown, only, shows: from },
    shows: from,
    until: keptUntil(
      now,
      shown.map((s) => Date.parse(s.date.end)),
    ),
  };
}

/**
 * The next `limit` meetings of the chapters `q` names, from the dates `memo` keeps (worked out
 * again when they are not kept), with their going counts as they are now.
 */
export async function embedEvents(
  db: Db,
  q: EmbedQuery,
  publicUrl: string,
  now: Date,
  memo: DatesMemo<NextDates> = createDatesMemo(),
): Promise<EmbedList> {
  const limit = q.limit ?? EMBED_LIMIT_DEFAULT;
  const next = await memo.get(scopeKey(q), now, () => workOutNextDates(db, q, now));
  const { only } = next;
  const shown = next.found.slice(0, limit);
  const counts = await countsByDate(
    db,
    shown.map((s) => s.event.id),
    shown.map((s) => s.date.movedFrom ?? s.date.date),
  );
  const title = only
    ? `${only.type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(only.chapter)}`
    : scopeTitle(scopeOf(q));
  const url = only
    ? `${publicUrl}${chapterPath(only.chapter)}`
    : q.state
      ? `${publicUrl}/chapters/${q.state.toLowerCase()}`
      : `${publicUrl}/`;
  return {
    title,
    url,
    dates: shown.map(({ chapter, type, event, date, timeZone }) => {
      const going = counts.get(dateKey(event.id, date.movedFrom ?? date.date))?.going ?? 0;
      return {
        date: date.date,
        startTime: date.startTime ?? event.startTime,
        endTime: date.endTime ?? event.endTime,
        start: date.start,
        timeZone,
        ...(date.movedFrom ? { movedFrom: date.movedFrom } : {}),
        chapter: {
          title: `${type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(chapter)}`,
          type: type.name,
          color: type.hexColor,
          url: `${publicUrl}${chapterPath(chapter)}`,
        },
        place: event.name,
        address: [event.address1, event.city].filter(Boolean).join(', '),
        ...(going > 0 ? { going } : {}),
        url: `${publicUrl}${eventPath(chapter, event.slug)}`,
      };
    }),
    // RSVPs change the counts: those are as old as the answer's TTL at most, as on the chapter
    // page. The dates go with what they were worked out from.
    shows: [...next.shows],
  };
}
