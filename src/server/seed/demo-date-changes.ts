// Dates the demo chapters' hosts skipped: Capitol Hill (every Thursday) and Chicago's Hopleaf
// night (second and fourth Thursdays) both fall on Thanksgiving, the fourth Thursday of November.
import { dateOfEpochDay, epochDay } from '../../common/recurrence';

export interface DemoDateSkip {
  /** The event's slug. */
  event: string;
  note: string;
}

export const DEMO_THANKSGIVING_SKIPS: readonly DemoDateSkip[] = [
  { event: 'capitol-hill-hawk-n-dove', note: 'No meeting on Thanksgiving' },
  { event: 'chicago-hopleaf', note: 'No meeting on Thanksgiving. See you in December!' },
];

/** The fourth Thursday of November of a year, 'YYYY-MM-DD'. */
export function thanksgiving(year: number): string {
  const first = epochDay(`${year}-11-01`);
  const weekday = (((first + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  return dateOfEpochDay(first + ((4 - weekday + 7) % 7) + 21);
}

/** This year's Thanksgiving until it is over everywhere in the US, then next year's. */
export function comingThanksgiving(now: Date): string {
  const year = now.getUTCFullYear();
  const yesterday = dateOfEpochDay(epochDay(now.toISOString().slice(0, 10)) - 1);
  const thisYear = thanksgiving(year);
  return thisYear >= yesterday ? thisYear : thanksgiving(year + 1);
}
