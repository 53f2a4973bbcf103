// When an event meets: its next dates in its chapter's time zone, and the same rule as RFC 5545
// RRULE text for calendars. Pure: the caller passes the time zone and "now".
//
// Options (spec 1 §3): 0 every week, 1-4 the nth such weekday of the month, 5 the last one,
// 6 and 7 every other week: even or odd by the number of whole weeks since Monday 1970-01-05
// (ARCHITECTURE.md). Several options combine ('1,3' is the first and third).

export interface RecurringEvent {
  dayOfWeekIndex: number;
  weeksOfMonthIndexes: string;
  isSingleDate: boolean;
  singleDate: string | null;
  /** 'HH:MM', 24 h, local to the chapter. */
  startTime: string;
  endTime: string;
}

export interface Occurrence {
  /** The local date it starts on, 'YYYY-MM-DD'. */
  date: string;
  start: Date;
  end: Date;
  /** A meeting a host moved: the date its rule gave, and the host's note. */
  movedFrom?: string;
  note?: string;
}

/**
 * One date of a repeating event that does not happen as its rule says: cancelled (`movedTo`
 * null) or moved. It applies only while its date is one the rule gives; a single-date event
 * has none (its date is edited instead).
 */
export interface DateException {
  /** The date the rule gives, 'YYYY-MM-DD' local to the chapter. */
  date: string;
  movedTo: { date: string; startTime: string; endTime: string } | null;
  note: string;
}

/** One RRULE's worth of an event's options; calendars get one VEVENT per rule. */
export type RuleSpec =
  | { kind: 'weekly' }
  | { kind: 'monthly'; positions: number[] }
  | { kind: 'biweekly'; parity: 0 | 1 };

const DAY_MS = 86_400_000;
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
/** Days from 1970-01-01 to Monday 1970-01-05, where week 0 starts. */
const WEEK_ZERO_DAY = 4;
// Far enough for the rarest rule (one date a month) to give a handful of dates.
const SEARCH_DAYS = 800;

export function parseOptions(weeksOfMonthIndexes: string): number[] {
  const options = weeksOfMonthIndexes
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 7);
  return [...new Set(options)].sort((a, b) => a - b);
}

/** The rules an event's options make; 'every week' (or both parities) covers all others. */
export function ruleSpecs(event: Pick<RecurringEvent, 'weeksOfMonthIndexes'>): RuleSpec[] {
  const options = parseOptions(event.weeksOfMonthIndexes);
  if (options.length === 0 || options.includes(0) || (options.includes(6) && options.includes(7))) {
    return [{ kind: 'weekly' }];
  }
  const specs: RuleSpec[] = [];
  const positions = options.filter((o) => o >= 1 && o <= 5);
  if (positions.length) specs.push({ kind: 'monthly', positions });
  if (options.includes(6)) specs.push({ kind: 'biweekly', parity: 0 });
  if (options.includes(7)) specs.push({ kind: 'biweekly', parity: 1 });
  return specs;
}

// ---------------------------------------------------------------- calendar arithmetic

/** Days since 1970-01-01 of a calendar date (no time zone involved). */
export function epochDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Math.floor(Date.UTC(y!, m! - 1, d!) / DAY_MS);
}

export function dateOfEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Whole weeks since Monday 1970-01-05; the even/odd weeks rule reads its parity. */
export function weekNumber(day: number): number {
  return Math.floor((day - WEEK_ZERO_DAY) / 7);
}

function matchesSpec(spec: RuleSpec, day: number): boolean {
  if (spec.kind === 'weekly') return true;
  if (spec.kind === 'biweekly') return ((weekNumber(day) % 2) + 2) % 2 === spec.parity;
  const date = new Date(day * DAY_MS);
  const dayOfMonth = date.getUTCDate();
  const daysInMonth = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return spec.positions.some((p) =>
    p === 5 ? dayOfMonth + 7 > daysInMonth : Math.ceil(dayOfMonth / 7) === p,
  );
}

/** 0 for Sunday to 6 for Saturday, as an event's dayOfWeekIndex. */
function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

/**
 * True when a recurring event meets on this calendar date. Callers that ask about many dates
 * pass the event's rules, parsed once.
 */
export function meetsOn(
  event: RecurringEvent,
  day: number,
  specs: readonly RuleSpec[] = ruleSpecs(event),
): boolean {
  if (weekdayOf(day) !== event.dayOfWeekIndex) return false;
  return specs.some((spec) => matchesSpec(spec, day));
}

// ---------------------------------------------------------------- time zones

// Building a formatter is far slower than using one: keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function zoneParts(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    y: get('year'),
    m: get('month'),
    d: get('day'),
    h: get('hour'),
    min: get('minute'),
    s: get('second'),
  };
}

/** Milliseconds the zone is ahead of UTC at that instant, from the zone's own rules. */
function offsetFromRules(instant: number, timeZone: string): number {
  const p = zoneParts(instant, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(instant / 1000) * 1000;
}

// Asking Intl is the cost of every date here, and a zone's offset changes a few times a year:
// keep it per zone and UTC day. A day whose offset differs at its two ends holds a change;
// it is marked (NaN) and its instants ask Intl. The map is dropped when it grows past a bound
// (a long-running server sees the days move on).
const dayOffsets = new Map<string, number>();
const MAX_DAY_OFFSETS = 20_000;
const VARIES = Number.NaN;

/** Milliseconds the zone is ahead of UTC at that instant. */
function offsetMs(instant: number, timeZone: string): number {
  const day = Math.floor(instant / DAY_MS);
  const key = `${timeZone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = offsetFromRules(day * DAY_MS, timeZone);
    const last = offsetFromRules((day + 1) * DAY_MS - 1000, timeZone);
    offset = first === last ? first : VARIES;
    if (dayOffsets.size >= MAX_DAY_OFFSETS) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetFromRules(instant, timeZone) : offset;
}

/** The instant a local wall-clock time happens in a zone (a time skipped by DST moves forward). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [h, min] = time.split(':').map(Number);
  const wall = epochDay(date) * DAY_MS + (h! * 60 + min!) * 60_000;
  const first = wall - offsetMs(wall, timeZone);
  const offset = offsetMs(first, timeZone);
  const second = wall - offset;
  if (offsetMs(second, timeZone) === offset) return new Date(second);
  // No instant reads that wall-clock time: it fell in the hour the clocks skipped. The later
  // reading keeps the meeting's length and starts it when the clocks have gone forward.
  return new Date(Math.max(first, second));
}

/** The calendar date it is in a zone at an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const at = instant.getTime();
  return dateOfEpochDay(Math.floor((at + offsetMs(at, timeZone)) / DAY_MS));
}

/** A meeting on a date from start to end time; an end at or before the start is the next day. */
export function occurrenceOn(
  times: Pick<RecurringEvent, 'startTime' | 'endTime'>,
  date: string,
  timeZone: string,
): Occurrence {
  const start = zonedInstant(date, times.startTime, timeZone);
  const endDate = times.endTime > times.startTime ? date : dateOfEpochDay(epochDay(date) + 1);
  return { date, start, end: zonedInstant(endDate, times.endTime, timeZone) };
}

/** The exceptions that apply to an event, by the date its rule gives. */
export function exceptionsByDate(
  event: RecurringEvent,
  exceptions: readonly DateException[],
): Map<string, DateException> {
  if (event.isSingleDate) return new Map();
  return new Map(
    exceptions.filter((x) => meetsOn(event, epochDay(x.date))).map((x) => [x.date, x]),
  );
}

/** Where a moved meeting now is, with the date it moved from. */
export function movedOccurrence(
  exception: DateException & { movedTo: NonNullable<DateException['movedTo']> },
  timeZone: string,
): Occurrence {
  return {
    ...occurrenceOn(exception.movedTo, exception.movedTo.date, timeZone),
    movedFrom: exception.date,
    note: exception.note,
  };
}

/**
 * The next `count` meetings that have not yet ended at `now`, in the chapter's time zone.
 * A single-date event gives its date only until it has ended. A cancelled date is left out; a
 * moved one comes at its new date and time, in time order with the others.
 */
export function nextOccurrences(
  event: RecurringEvent,
  timeZone: string,
  now: Date,
  count: number,
  exceptions: readonly DateException[] = [],
): Occurrence[] {
  if (count <= 0) return [];
  if (event.isSingleDate) {
    if (!event.singleDate) return [];
    const only = occurrenceOn(event, event.singleDate, timeZone);
    return only.end > now ? [only] : [];
  }
  const changed = exceptionsByDate(event, exceptions);
  const specs = ruleSpecs(event);
  // Yesterday too: a meeting that began yesterday evening may not have ended yet. Only the
  // event's weekday can match, so the search steps a week at a time from the first one.
  const yesterday = epochDay(localDate(now, timeZone)) - 1;
  const first = yesterday + ((((event.dayOfWeekIndex - weekdayOf(yesterday)) % 7) + 7) % 7);
  const found: Occurrence[] = [];
  for (let day = first; day < yesterday + SEARCH_DAYS && found.length < count; day += 7) {
    if (!meetsOn(event, day, specs)) continue;
    const date = dateOfEpochDay(day);
    if (changed.has(date)) continue;
    const occurrence = occurrenceOn(event, date, timeZone);
    if (occurrence.end > now) found.push(occurrence);
  }
  // Moved meetings are few and may have come from any date, even one already past.
  for (const x of changed.values()) {
    if (!x.movedTo) continue;
    const moved = movedOccurrence({ ...x, movedTo: x.movedTo }, timeZone);
    if (moved.end > now) found.push(moved);
  }
  return found.sort((a, b) => a.start.getTime() - b.start.getTime()).slice(0, count);
}

/** The next meetings of several events, merged in time order. */
export function nextOccurrencesOfAll<E extends RecurringEvent>(
  events: readonly E[],
  timeZone: string,
  now: Date,
  count: number,
  exceptionsOf: (event: E) => readonly DateException[] = () => [],
): (Occurrence & { event: E })[] {
  return events
    .flatMap((event) =>
      nextOccurrences(event, timeZone, now, count, exceptionsOf(event)).map((o) => ({
        ...o,
        event,
      })),
    )
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(0, count);
}

// ---------------------------------------------------------------- RFC 5545 and words

/** RRULE text of one rule of an event (without the 'RRULE:' prefix). */
export function rruleText(spec: RuleSpec, dayOfWeekIndex: number): string {
  const day = BYDAY[dayOfWeekIndex];
  switch (spec.kind) {
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${day}`;
    case 'monthly':
      return `FREQ=MONTHLY;BYDAY=${spec.positions.map((p) => `${p === 5 ? -1 : p}${day}`).join(',')}`;
    case 'biweekly':
      // INTERVAL=2 from a start date of the right parity; never BYWEEKNO (see ARCHITECTURE.md).
      return `FREQ=WEEKLY;INTERVAL=2;BYDAY=${day}`;
  }
}

/** True when this one rule of an event gives this date (a calendar's VEVENT of that rule). */
export function ruleMeetsOn(spec: RuleSpec, dayOfWeekIndex: number, date: string): boolean {
  const day = epochDay(date);
  return weekdayOf(day) === dayOfWeekIndex && matchesSpec(spec, day);
}

/** The first date on or after `from` when this rule meets: a calendar's DTSTART. */
export function firstDateOfRule(spec: RuleSpec, dayOfWeekIndex: number, from: string): string {
  const start = epochDay(from);
  for (let day = start; day < start + 62; day++) {
    if (weekdayOf(day) === dayOfWeekIndex && matchesSpec(spec, day)) return dateOfEpochDay(day);
  }
  throw new Error('unreachable: every rule meets within two months');
}
