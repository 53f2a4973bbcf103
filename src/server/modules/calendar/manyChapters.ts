// The calendars of many chapters at once: a state's and the network's, each of every chapter type
// or of one. A subscriber is anyone (calendar apps send no session), so these feeds hold the
// active chapters only, whoever asks: a hidden chapter's hosts read it in its own feed. Each
// chapter's events are written exactly as in its own feed (service.ts addEvent): in its own time
// zone with that zone's VTIMEZONE, its name at the start of every summary, its page as the URL.
import type { Db } from '../../db/client';
import { shows } from '../../caching/answerKeys';
import { summariesQuery } from '../../core/summaries';
import { slicePauses } from '../chapters';
import { scopeTitle, scopeWhere, type ChaptersScope } from '../../core/chapterScope';
import { loadExceptions } from '../../core/exceptions';
import { chapterTimeZone } from '../../core/timezone';
import { addEvent, feedContextOf, newCalendar } from './service';

export type { ChaptersScope };

export interface ManyChaptersCalendar {
  ics: string;
  /** What the feed shows (answerKeys.ts): forgotten with any of it. */
  shows: string[];
}

/**
 * The feed of every active chapter in `scope`, in state and title order. The chapters' page is
 * the feed's URL: the state's page, or the home page for the network's.
 */
export async function manyChaptersCalendar(
  db: Db,
  scope: ChaptersScope,
  publicUrl: string,
  now: Date,
): Promise<ManyChaptersCalendar> {
  const where = scopeWhere(scope);
  const [rows, exceptions] = await Promise.all([
    summariesQuery(db, { where }),
    loadExceptions(db, where, now),
  ]);
  const title = scopeTitle(scope);
  const url = scope.state ? `${publicUrl}/chapters/${scope.state.toLowerCase()}` : `${publicUrl}/`;
  const calendar = newCalendar(title, `Meetings of ${title}`, url);
  // The network's feed can hold thousands of chapters: it gives the event loop back as it goes.
  const pause = slicePauses();
  for (const { chapter, type, events } of rows) {
    const feed = feedContextOf(chapter, type, chapterTimeZone(chapter, events), now, publicUrl);
    for (const event of events) addEvent(calendar, event, exceptions.get(event.id) ?? [], feed);
    await pause();
  }
  const listed = rows.map((r) => ({ id: r.chapter.id, chapter_events: r.events }));
  return {
    ics: calendar.toString(),
    // A state's feed is forgotten when a chapter joins the state (or turns active in it), and
    // with any chapter or event it shows; the network's with any chapter's change at all.
    shows: scope.state ? shows.stateList(scope.state, listed) : shows.allChapters(),
  };
}
