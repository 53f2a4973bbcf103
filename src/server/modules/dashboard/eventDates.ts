// The last and next meeting dates of a chapter's events, for the admin dashboard: dates only,
// found by stepping a week at a time from the event's weekday, so that 2,000 chapters cost a
// few milliseconds. The next date agrees with nextOccurrencesOfAll (a meeting counts until it
// has ended, local to the chapter).
import {
  type DateException,
  dateOfEpochDay,
  epochDay,
  localDate,
  meetsOn,
  zonedInstant,
} from '../../../common/recurrence';
import type { ChapterEventRow } from '../../db/schema';
import { heldSince } from '../../core/heldSince';

/** How far back a last meeting is looked for, and forward a next one. */
export const LOOK_BACK_DAYS = 400;
const LOOK_AHEAD_DAYS = 800;
const DAY_MS = 86_400_000;

export type DatedEvent = Pick<
  ChapterEventRow,
  'dayOfWeekIndex' | 'weeksOfMonthIndexes' | 'isSingleDate' | 'singleDate' | 'startTime' | 'endTime'
> & {
  /** Its skipped and moved dates (core/exceptions.ts). */
  exceptions?: readonly DateException[] | undefined;
  /** When its row was made: a series was not held before it existed on the site. */
  createdAt?: Date | undefined;
};

export interface EventDates {
  lastEventDate: string | null;
  nextEventDate: string | null;
}

/** What one answer computes once per zone: today's epoch day there, and instants of times. */
export class ZoneClock {
  private readonly days = new Map<string, number>();
  private readonly offsets = new Map<string, number>();
  private readonly instants = new Map<string, number>();
  private readonly meetings = new Map<string, boolean>();

  constructor(readonly now: Date) {}

  today(timeZone: string): number {
    let day = this.days.get(timeZone);
    if (day === undefined) {
      day = epochDay(localDate(this.now, timeZone));
      this.days.set(timeZone, day);
    }
    return day;
  }

  /**
   * The local day of an instant, by the zone's offset now: off by at most the hour of a DST
   * change, which cannot matter for "did the event exist yet on that day".
   */
  dayOf(instantMs: number, timeZone: string): number {
    let offset = this.offsets.get(timeZone);
    if (offset === undefined) {
      const midnight = zonedInstant(dateOfEpochDay(this.today(timeZone)), '00:00', timeZone);
      offset = this.today(timeZone) * DAY_MS - midnight.getTime();
      this.offsets.set(timeZone, offset);
    }
    return Math.floor((instantMs + offset) / DAY_MS);
  }

  /** meetsOn, remembered: thousands of events share a handful of rules and the same weeks. */
  meets(event: Pick<DatedEvent, 'dayOfWeekIndex' | 'weeksOfMonthIndexes'>, day: number): boolean {
    const key = `${event.weeksOfMonthIndexes} ${event.dayOfWeekIndex} ${day}`;
    let meets = this.meetings.get(key);
    if (meets === undefined) {
      meets = meetsOn(
        { ...event, isSingleDate: false, singleDate: null, startTime: '', endTime: '' },
        day,
      );
      this.meetings.set(key, meets);
    }
    return meets;
  }

  /** When a meeting on `day` from `startTime` to `endTime` ends (many events share these). */
  endOf(event: Pick<DatedEvent, 'startTime' | 'endTime'>, day: number, timeZone: string): number {
    // An end at or before the start is after midnight, on the next day.
    const endDay = event.endTime > event.startTime ? day : day + 1;
    const key = `${timeZone} ${endDay} ${event.endTime}`;
    let end = this.instants.get(key);
    if (end === undefined) {
      end = zonedInstant(dateOfEpochDay(endDay), event.endTime, timeZone).getTime();
      this.instants.set(key, end);
    }
    return end;
  }
}

/** The epoch day's weekday, 0 = Sunday (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * `since` (milliseconds since 1970) is when the chapter was made. An event's past dates, single,
 * recurring or moved, count from the later of that and the event's own creation (core/
 * heldSince.ts; issue 35: a "last event" before the series began read as a meeting that never
 * happened); a date counted at the door (core/chapterFigures.ts) shows an older meeting held.
 */
export function eventDatesOf(
  events: readonly DatedEvent[],
  timeZone: string,
  clock: ZoneClock,
  since: number,
): EventDates {
  const today = clock.today(timeZone);
  const now = clock.now.getTime();
  let last: number | null = null;
  let next: number | null = null;
  // A meeting is the next until it has ended, and the last from then: never both (a meeting
  // later today was counted as met, so a chapter made this morning read as having met).
  const notEnded = (event: Pick<DatedEvent, 'startTime' | 'endTime'>, day: number) =>
    day > today || clock.endOf(event, day, timeZone) > now;
  for (const event of events) {
    // The chapter did not meet before it was made, nor this event before it was put on the site.
    const firstDay = clock.dayOf(heldSince(since, event.createdAt), timeZone);
    const held = (event: Pick<DatedEvent, 'startTime' | 'endTime'>, day: number) =>
      day >= firstDay && !notEnded(event, day);
    if (event.isSingleDate) {
      if (!event.singleDate) continue;
      const day = epochDay(event.singleDate);
      if (held(event, day) && (last === null || day > last)) last = day;
      if ((next === null || day < next) && day >= today - 1 && notEnded(event, day)) next = day;
      continue;
    }
    const changed = new Map((event.exceptions ?? []).map((x) => [epochDay(x.date), x]));
    // A skipped date was not met; a moved one was met where it went, if that has come.
    for (const { movedTo } of changed.values()) {
      if (!movedTo) continue;
      const moved = epochDay(movedTo.date);
      if (held(movedTo, moved) && (last === null || moved > last)) last = moved;
    }
    // Only the event's weekday can match: step a week at a time from the nearest one.
    const onOrBefore = today - ((weekdayOf(today) - event.dayOfWeekIndex + 7) % 7);
    const from = Math.max(today - LOOK_BACK_DAYS, firstDay);
    for (let day = onOrBefore; day >= from && (last === null || day > last); day -= 7) {
      if (clock.meets(event, day) && !changed.has(day) && held(event, day)) {
        last = day;
        break;
      }
    }
    // Yesterday too: a meeting that began yesterday evening may not have ended yet.
    const start = today - 1;
    const first = start + ((event.dayOfWeekIndex - weekdayOf(start) + 7) % 7);
    const until = Math.min(today + LOOK_AHEAD_DAYS, next ?? Infinity);
    for (let day = first; day < until; day += 7) {
      if (!clock.meets(event, day)) continue;
      const exception = changed.get(day);
      if (exception) {
        // Skipped: look on. Moved: its new date counts (if still to come), and so may a later
        // regular one be sooner, so look on too.
        const moved = exception.movedTo ? epochDay(exception.movedTo.date) : null;
        if (moved !== null && moved >= today && (next === null || moved < next)) next = moved;
        continue;
      }
      if (notEnded(event, day)) {
        if (next === null || day < next) next = day;
        break;
      }
    }
  }
  return {
    lastEventDate: last === null ? null : dateOfEpochDay(last),
    nextEventDate: next === null ? null : dateOfEpochDay(next),
  };
}
