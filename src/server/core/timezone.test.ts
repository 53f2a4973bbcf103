import { describe, expect, it } from 'vitest';
import { STATES } from '../../common/states';
import { chapterTimeZone, timeZoneFor } from './timezone';

describe('time zones', () => {
  it('reads the zone from coordinates', () => {
    expect(timeZoneFor(40.7831, -73.9712, 'NY')).toBe('America/New_York');
    expect(timeZoneFor(37.8716, -122.2727, 'CA')).toBe('America/Los_Angeles');
    expect(timeZoneFor(51.5074, -0.1278, 'INT')).toBe('Europe/London');
  });

  it("falls back to the state's zone, and UTC for an unplaced international chapter", () => {
    expect(timeZoneFor(0, 0, 'IL')).toBe('America/Chicago');
    expect(timeZoneFor(0, 0, 'int')).toBe('UTC');
    for (const [abbr] of STATES) {
      if (abbr !== 'INT')
        expect(
          () => new Intl.DateTimeFormat('en', { timeZone: timeZoneFor(0, 0, abbr) }),
        ).not.toThrow();
      if (abbr !== 'INT') expect(timeZoneFor(0, 0, abbr), abbr).not.toBe('UTC');
    }
  });

  it("takes a chapter's zone from its first placed event", () => {
    expect(
      chapterTimeZone({ state: 'NY' }, [
        { lat: 0, lng: 0 },
        { lat: 41.8781, lng: -87.6298 },
      ]),
    ).toBe('America/Chicago');
    expect(chapterTimeZone({ state: 'CO' }, [])).toBe('America/Denver');
  });
});
