// The site's English calendar dates ('Nov 23, 2026', 'Thu, Nov 26, 2026', 'Thursday, November
// 26, 2026'), written by hand rather than with Intl.DateTimeFormat: the first formatter a page
// builds costs a phone tens of milliseconds (the engine loads its locale and time-zone data), in
// the task that starts the app. These dates are calendar dates (read in UTC), so no zone data is
// needed to write them. calendarDate.test.ts holds them to Intl's own output.
import { WEEKDAYS } from './constants';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const short = (name: string) => name.slice(0, 3);

/** 'Nov 23, 2026': the instant's calendar date in UTC. */
export function mediumUtcDate(date: Date): string {
  return `${short(MONTHS[date.getUTCMonth()]!)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Thursday, November 26, 2026' ('long') or 'Thu, Nov 26, 2026' ('short'), in UTC. */
export function utcDateWithWeekday(date: Date, style: 'long' | 'short'): string {
  const weekday = WEEKDAYS[date.getUTCDay()]!;
  const month = MONTHS[date.getUTCMonth()]!;
  return style === 'long'
    ? `${weekday}, ${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${short(weekday)}, ${short(month)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
