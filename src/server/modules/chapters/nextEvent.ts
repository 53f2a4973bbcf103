// A chapter's coming meetings, in its own time zone: the home map's pin (the next one) and the
// chapter page's list (the next four, spec 1 §2).
import { nextOccurrencesOfAll } from '../../../common/recurrence';
import type { NextEvent, UpcomingDate } from '../../../common/schemas/chapters';
import { chapterTimeZone } from '../geo/timezone';
import type { EventRow } from './summaries';

export function upcomingOf(
  chapter: { state: string },
  events: readonly EventRow[],
  now: Date,
  count: number,
): UpcomingDate[] {
  const timeZone = chapterTimeZone(chapter, events);
  return nextOccurrencesOfAll(events, timeZone, now, count).map((o) => ({
    eventId: o.event.id,
    date: o.date,
    start: o.start.toISOString(),
    end: o.end.toISOString(),
  }));
}

export function nextEventOf(
  chapter: { state: string },
  events: readonly EventRow[],
  now: Date,
): NextEvent | null {
  const [next] = nextOccurrencesOfAll(events, chapterTimeZone(chapter, events), now, 1);
  if (!next) return null;
  const { event } = next;
  return {
    eventId: event.id,
    name: event.name,
    address1: event.address1,
    city: event.city,
    state: event.state,
    lat: event.lat,
    lng: event.lng,
    date: next.date,
    startTime: event.startTime,
    endTime: event.endTime,
  };
}
