import { describe, expect, it } from 'vitest';
import { formatMediumDate, formatTime, HALF_HOUR_TIMES, timeAgo } from './format';

describe('format', () => {
  it('writes medium dates and 12-hour times', () => {
    expect(formatMediumDate('2026-11-23')).toBe('Nov 23, 2026');
    expect(formatTime('19:00')).toBe('7:00pm');
    expect(formatTime('00:30')).toBe('12:30am');
    expect(formatTime('12:00')).toBe('12:00pm');
  });

  it('offers 48 half-hour times from 12:00am to 11:30pm', () => {
    expect(HALF_HOUR_TIMES).toHaveLength(48);
    expect(HALF_HOUR_TIMES[0]).toEqual({ value: '00:00', label: '12:00am' });
    expect(HALF_HOUR_TIMES[39]).toEqual({ value: '19:30', label: '7:30pm' });
    expect(HALF_HOUR_TIMES.at(-1)).toEqual({ value: '23:30', label: '11:30pm' });
  });

  it('says how long ago, in the steps of spec 1 §9', () => {
    const now = new Date(2026, 10, 23, 12);
    const ago = (days: number) => timeAgo(new Date(2026, 10, 23 - days, 9), now);
    expect(ago(0)).toBe('today');
    expect(ago(1)).toBe('1 day ago');
    expect(ago(6)).toBe('6 days ago');
    expect(ago(7)).toBe('1 week ago');
    expect(ago(27)).toBe('3 weeks ago');
    expect(ago(29)).toBe('4 weeks ago');
    expect(ago(31)).toBe('1 month ago');
    expect(ago(330)).toBe('10 months ago');
    expect(ago(366)).toBe('1 year ago');
    expect(ago(800)).toBe('2 years ago');
  });
});
