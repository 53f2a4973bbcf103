// An event's schedule as people read it: its rule in words with its times ("First and third
// Wednesday of the month, 6:30–8:30pm"), and its coming dates with any a host skipped or moved.
// Pure, like recurrence.ts: the caller passes the time zone and "now".
import { utcDateWithWeekday } from './calendarDate';
import { WEEKDAYS } from './constants';
import {
  dateOfEpochDay,
  epochDay,
  exceptionsByDate,
  localDate,
  meetsOn,
  movedOccurrence,
  occurrenceOn,
  ruleSpecs,
  type DateException,
  type RecurringEvent,
} from './recurrence';

export type DateStatus = 'scheduled' | 'cancelled' | 'moved';

/** One date the rule gives, and what happens on it. */
export interface ScheduledDate {
  /** The date the rule gives, 'YYYY-MM-DD' local to the chapter. */
  date: string;
  status: DateStatus;
  /** When it meets (moved: the new date and times; cancelled: when it would have). */
  start: Date;
  end: Date;
  /** The local date it meets on: `date`, or where it moved to. */
  meetsOn: string;
  startTime: string;
  endTime: string;
  note: string;
}

const SEARCH_DAYS = 800;

/**
 * The next `count` dates the rule gives whose meeting (or, for a cancelled one, the meeting it
 * would have been) has not yet ended, each with its skip or move; in the order of the rule.
 */
export function scheduleOf(
  event: RecurringEvent,
  timeZone: string,
  now: Date,
  count: number,
  exceptions: readonly DateException[] = [],
): ScheduledDate[] {
  if (count <= 0) return [];
  const scheduled = (date: string) => scheduledOn(event, date, timeZone);
  if (event.isSingleDate) {
    if (!event.singleDate) return [];
    const only = scheduled(event.singleDate);
    return only.end > now ? [only] : [];
  }
  const changed = exceptionsByDate(event, exceptions);
  const withException = (date: string) => withExceptionOn(event, date, timeZone, changed);
  const first = epochDay(localDate(now, timeZone)) - 1;
  // A date already past whose meeting moved to one still to come.
  const found = [...changed.values()]
    .filter((x) => epochDay(x.date) < first)
    .map((x) => withException(x.date))
    .filter((d) => d.status === 'moved' && d.end > now);
  for (let day = first; day < first + SEARCH_DAYS && found.length < count; day++) {
    if (!meetsOn(event, day)) continue;
    const d = withException(dateOfEpochDay(day));
    const rulesEnd = scheduled(d.date).end;
    if (d.end > now || rulesEnd > now) found.push(d);
  }
  return found.sort((a, b) => a.date.localeCompare(b.date)).slice(0, count);
}

/** The date `date` as the rule has it, before any skip or move. */
function scheduledOn(event: RecurringEvent, date: string, timeZone: string): ScheduledDate {
  const o = occurrenceOn(event, date, timeZone);
  return {
    date,
    status: 'scheduled',
    start: o.start,
    end: o.end,
    meetsOn: date,
    startTime: event.startTime,
    endTime: event.endTime,
    note: '',
  };
}

/** The rule's date `date` with its skip or move, if it has one. */
function withExceptionOn(
  event: RecurringEvent,
  date: string,
  timeZone: string,
  changed: ReadonlyMap<string, DateException>,
): ScheduledDate {
  const x = changed.get(date);
  const base = scheduledOn(event, date, timeZone);
  if (!x) return base;
  if (!x.movedTo) return { ...base, status: 'cancelled', note: x.note };
  const moved = movedOccurrence({ ...x, movedTo: x.movedTo }, timeZone);
  return {
    ...base,
    status: 'moved',
    start: moved.start,
    end: moved.end,
    meetsOn: x.movedTo.date,
    startTime: x.movedTo.startTime,
    endTime: x.movedTo.endTime,
    note: x.note,
  };
}

/**
 * The event's date `date` (the rule's, or the one a host moved a date to), with its skip or
 * move; null when the event does not meet that day. Past dates too: the caller judges `end`.
 */
export function scheduledDateOf(
  event: RecurringEvent,
  date: string,
  timeZone: string,
  exceptions: readonly DateException[] = [],
): ScheduledDate | null {
  if (event.isSingleDate) {
    return event.singleDate === date ? scheduledOn(event, date, timeZone) : null;
  }
  const changed = exceptionsByDate(event, exceptions);
  if (meetsOn(event, epochDay(date))) return withExceptionOn(event, date, timeZone, changed);
  const movedHere = [...changed.values()].find((x) => x.movedTo?.date === date);
  return movedHere ? withExceptionOn(event, movedHere.date, timeZone, changed) : null;
}

// ---------------------------------------------------------------- words

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'last'];

function joinWords(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function clock(time: string): { text: string; half: 'am' | 'pm' } {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return {
    text: `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}`,
    half: h < 12 ? 'am' : 'pm',
  };
}

/** '6:30–8:30pm', or '11:00am–1:00pm' when it crosses noon or midnight. */
export function timeRangeText(startTime: string, endTime: string): string {
  const start = clock(startTime);
  const end = clock(endTime);
  return start.half === end.half
    ? `${start.text}–${end.text}${end.half}`
    : `${start.text}${start.half}–${end.text}${end.half}`;
}

/** 'Thursday, November 26, 2026' ('long') or 'Thu, Nov 26, 2026' ('short') for 'YYYY-MM-DD'. */
export function dateWithWeekday(date: string, style: 'long' | 'short' = 'short'): string {
  return utcDateWithWeekday(new Date(`${date}T00:00:00Z`), style);
}

/** The zone's short name at that instant: 'EST', 'CDT', or 'GMT+1' where there is none. */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  try {
    return (
      zoneNamer(timeZone)
        .formatToParts(instant)
        .find((p) => p.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * 'Thursday, March 6, 2031, 6–8pm EST': a meeting's date and times with the short name of the
 * chapter's zone at its start (EDT in summer, EST in winter), as mail and any page read far from
 * the chapter write it; the zone is left out only where the runtime knows no name for it.
 */
export function meetingWhenText(
  meeting: { meetsOn: string; startTime: string; endTime: string; start: Date | string },
  timeZone: string,
): string {
  const zone = zoneAbbreviation(new Date(meeting.start), timeZone);
  const times = timeRangeText(meeting.startTime, meeting.endTime);
  return `${dateWithWeekday(meeting.meetsOn, 'long')}, ${times}${zone ? ` ${zone}` : ''}`;
}

/**
 * The zone's name as people say it, with its short name at that instant: 'Eastern Time (EST)';
 * the short name alone where the zone has no common name. A map's pin window says it (issue 35).
 */
export function zoneName(instant: Date, timeZone: string): string {
  const short = zoneAbbreviation(instant, timeZone);
  try {
    const long = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value;
    return long && long !== short ? `${long} (${short})` : short;
  } catch {
    return short;
  }
}

// Building a formatter costs far more than using one: one per zone, kept.
const zoneNamers = new Map<string, Intl.DateTimeFormat>();
function zoneNamer(timeZone: string): Intl.DateTimeFormat {
  let namer = zoneNamers.get(timeZone);
  if (!namer) {
    namer = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    zoneNamers.set(timeZone, namer);
  }
  return namer;
}

/**
 * How often it meets, with its times: 'Every Tuesday, 7:00–9:00pm', 'First and third Wednesday
 * of the month, 6:30–8:30pm', 'Every other Monday (even weeks), ...', or the single date.
 */
export function scheduleText(event: RecurringEvent): string {
  const times = timeRangeText(event.startTime, event.endTime);
  if (event.isSingleDate) {
    return event.singleDate ? `${dateWithWeekday(event.singleDate, 'long')}, ${times}` : times;
  }
  return `${recurrenceText(event)}, ${times}`;
}

/**
 * How often a recurring event meets, without its times: 'Every Tuesday', 'First and third
 * Wednesday of the month'. Null for a single date, which does not recur (the calendar menu says
 * what a choice adds with it: issue 35).
 */
export function recurrenceText(event: RecurringEvent): string | null {
  if (event.isSingleDate) return null;
  const weekday = WEEKDAYS[event.dayOfWeekIndex] ?? '';
  const rules = ruleSpecs(event).map((spec) => {
    if (spec.kind === 'weekly') return `every ${weekday}`;
    if (spec.kind === 'biweekly')
      return `every other ${weekday} (${spec.parity === 0 ? 'even' : 'odd'} weeks)`;
    return `${joinWords(spec.positions.map((p) => ORDINALS[p]!))} ${weekday} of the month`;
  });
  return capitalize(rules.join(', and '));
}

/**
 * How often a chapter's events meet, for its calendar's subscription: 'Every Tuesday', or each
 * event's rule in turn; null when none recurs.
 */
export function chapterRecurrenceText(events: readonly RecurringEvent[]): string | null {
  const rules = [...new Set(events.map(recurrenceText).filter((r) => r !== null))];
  return rules.length ? rules.join('; ') : null;
}
