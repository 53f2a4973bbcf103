// A chapter's coming meetings, in its own time zone: the home map's pin (the next one) and the
// chapter page's list (the next four, spec 1 §2).
// Dates a host skipped are left out and moved ones come at their new date and time.
import { nextOccurrencesOfAll, type Occurrence } from '../../../common/recurrence';
import type { ChapterEvent, NextEvent, UpcomingDate } from '../../../common/schemas/chapters';
import { chapterTimeZone } from '../../core/timezone';
import type { ExceptionsByEvent } from '../../core/exceptions';

const NONE: ExceptionsByEvent = new Map();

/** The wall-clock times a meeting keeps: its event's, or those of the date it moved to. */
function timesOf(o: Occurrence & { event: ChapterEvent }, exceptions: ExceptionsByEvent) {
  const moved = o.movedFrom
    ? exceptions.get(o.event.id)?.find((x) => x.date === o.movedFrom)?.movedTo
    : undefined;
  return moved
    ? { startTime: moved.startTime, endTime: moved.endTime }
    : { startTime: o.event.startTime, endTime: o.event.endTime };
}

export function upcomingOf(
  chapter: { state: string },
  events: readonly ChapterEvent[],
  now: Date,
  count: number,
  exceptions: ExceptionsByEvent = NONE,
): UpcomingDate[] {
  const timeZone = chapterTimeZone(chapter, events);
  const exceptionsOf = (e: ChapterEvent) => exceptions.get(e.id) ?? [];
  return nextOccurrencesOfAll(events, timeZone, now, count, exceptionsOf).map((o) => ({
    eventId: o.event.id,
    date: o.date,
    start: o.start.toISOString(),
    end: o.end.toISOString(),
    ...timesOf(o, exceptions),
    ...(o.movedFrom ? { movedFrom: o.movedFrom, note: o.note ?? '' } : {}),
  }));
}

export function nextEventOf(
  chapter: { state: string },
  events: readonly ChapterEvent[],
  now: Date,
  exceptions: ExceptionsByEvent = NONE,
): NextEvent | null {
  const timeZone = chapterTimeZone(chapter, events);
  const exceptionsOf = (e: ChapterEvent) => exceptions.get(e.id) ?? [];
  const [next] = nextOccurrencesOfAll(events, timeZone, now, 1, exceptionsOf);
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
    ...timesOf(next, exceptions),
  };
}
