// How the site writes dates and times (spec 1 §9): medium dates, 12-hour times, time-ago text.
import { mediumUtcDate } from './calendarDate';

/** 'Nov 23, 2026' for a 'YYYY-MM-DD' date, or for an instant (as the calendar date in UTC). */
export function formatMediumDate(value: string | Date): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value)
      ? new Date(`${value}T00:00:00Z`)
      : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : mediumUtcDate(date);
}

/** '19:00' → '7:00pm', '00:30' → '12:30am'. */
export function formatTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${suffix}`;
}

/** The event time choices: half-hour steps from 12:00am to 11:30pm (spec 1 §9). */
export const HALF_HOUR_TIMES: readonly { value: string; label: string }[] = Array.from(
  { length: 48 },
  (_, i) => {
    const value = `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    return { value, label: formatTime(value) };
  },
);

const DAY_MS = 86_400_000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Spec 1 §9: today, 1 day ago, days up to 6, 1 week ago, weeks up to 4, 1 month ago, months up
 * to 11, 1 year ago, then years. Counted in whole calendar days.
 */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const then = new Date(value);
  const days = Math.floor(
    (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) -
      Date.UTC(then.getFullYear(), then.getMonth(), then.getDate())) /
      DAY_MS,
  );
  if (days <= 0) return 'today';
  if (days < 7) return plural(days, 'day');
  const weeks = Math.floor(days / 7);
  if (days < 30 && weeks <= 4) return plural(weeks, 'week');
  const months = Math.floor(days / 30.4375);
  if (months < 12) return plural(Math.max(1, months), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}
