import { describe, expect, it } from 'vitest';
import { mediumUtcDate, utcDateWithWeekday } from './calendarDate';

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
const MEDIUM = intl({ month: 'short', day: 'numeric', year: 'numeric' });
const LONG = intl({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const SHORT = intl({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

describe('calendar dates written by hand', () => {
  it("read exactly as Intl's en-US dates, every day of four years", () => {
    const start = Date.UTC(2023, 0, 1);
    for (let day = 0; day < 4 * 366; day++) {
      // A time late in the UTC day: the date must not move with a local zone.
      const date = new Date(start + day * 86_400_000 + 23 * 3_600_000);
      expect(mediumUtcDate(date)).toBe(MEDIUM.format(date));
      expect(utcDateWithWeekday(date, 'long')).toBe(LONG.format(date));
      expect(utcDateWithWeekday(date, 'short')).toBe(SHORT.format(date));
    }
  });

  it('write the examples the site shows', () => {
    const date = new Date('2026-11-26T00:00:00Z');
    expect(mediumUtcDate(date)).toBe('Nov 26, 2026');
    expect(utcDateWithWeekday(date, 'long')).toBe('Thursday, November 26, 2026');
    expect(utcDateWithWeekday(date, 'short')).toBe('Thu, Nov 26, 2026');
  });
});
