// recurrence.ts keeps each zone's UTC offset per day instead of asking Intl for every date. These
// tests hold it to Intl itself around the daylight-saving changes of zones that change at
// different local hours, in both hemispheres, and by 30 minutes off the hour (Chatham), whether
// the day was already kept or not.
import { describe, expect, it } from 'vitest';
import { localDate, nextOccurrences, zonedInstant } from './recurrence';

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Pacific/Chatham'];
const MINUTE = 60_000;

/**
 * A formatter per zone, made once: making one costs ten times using it, and the tests below ask
 * Intl some 80,000 times. A formatter keeps no answers: each one is Intl's own.
 */
const formatters = new Map(
  ZONES.map((timeZone) => [
    timeZone,
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }),
  ]),
);

/** What Intl says the wall clock reads in a zone at an instant, with no cache in between. */
function wallClock(instant: number, timeZone: string) {
  const parts = formatters.get(timeZone)!.formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/** The instants where a zone's offset changes in a year, found by asking Intl hour by hour. */
function changes(timeZone: string, year: number): number[] {
  const offsetAt = (t: number) => {
    const { date, time } = wallClock(t, timeZone);
    return Date.parse(`${date}T${time}:00Z`) - Math.floor(t / MINUTE) * MINUTE;
  };
  const found: number[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  for (let t = Date.UTC(year, 0, 1); t < end; t += 3_600_000) {
    if (offsetAt(t) !== offsetAt(t + 3_600_000)) found.push(t);
  }
  return found;
}

describe('time zone offsets kept per zone and day', () => {
  for (const zone of ZONES) {
    it(`${zone}: every quarter hour around each change reads as Intl says, cold and warm`, () => {
      const around = changes(zone, 2026);
      expect(around).toHaveLength(2);
      for (const pass of ['cold', 'warm']) {
        for (const change of around) {
          for (let t = change - 36 * 3_600_000; t <= change + 36 * 3_600_000; t += 15 * MINUTE) {
            const wall = wallClock(t, zone);
            expect(localDate(new Date(t), zone), `${pass} ${new Date(t).toISOString()}`).toBe(
              wall.date,
            );
            // A wall-clock time that happens once maps back to this very instant; one that
            // happens twice (clocks going back) to one of the two, which reads the same.
            const back = zonedInstant(wall.date, wall.time, zone).getTime();
            expect(wallClock(back, zone), `${pass} ${new Date(t).toISOString()}`).toEqual(wall);
          }
        }
      }
    });
  }

  it('puts meetings on either side of a change at their local hour', () => {
    // New York springs forward on Sunday 2026-03-08: 7pm is 00:00Z before it, 23:00Z after.
    expect(zonedInstant('2026-03-07', '19:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T00:00:00.000Z',
    );
    expect(zonedInstant('2026-03-08', '19:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T23:00:00.000Z',
    );
    // London: GMT until 01:00 UTC on 2026-03-29, then BST.
    expect(zonedInstant('2026-03-28', '19:00', 'Europe/London').toISOString()).toBe(
      '2026-03-28T19:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '19:00', 'Europe/London').toISOString()).toBe(
      '2026-03-29T18:00:00.000Z',
    );
    // Sydney leaves summer time on 2026-04-05 (+11 to +10) and starts it on 2026-10-04.
    expect(zonedInstant('2026-04-04', '19:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T08:00:00.000Z',
    );
    expect(zonedInstant('2026-04-05', '19:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-05T09:00:00.000Z',
    );
    expect(zonedInstant('2026-10-04', '19:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-10-04T08:00:00.000Z',
    );
    // Chatham, 45 minutes past the hour: +13:45 in summer, +12:45 from 2026-04-05.
    expect(zonedInstant('2026-04-04', '12:00', 'Pacific/Chatham').toISOString()).toBe(
      '2026-04-03T22:15:00.000Z',
    );
    expect(zonedInstant('2026-04-05', '12:00', 'Pacific/Chatham').toISOString()).toBe(
      '2026-04-04T23:15:00.000Z',
    );
  });

  it('a skipped hour moves forward, as it always did', () => {
    // 02:30 does not happen in New York on 2026-03-08; the meeting starts at 03:30 EDT.
    expect(zonedInstant('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('weekly meetings keep their local time across a change', () => {
    const weekly = {
      dayOfWeekIndex: 0,
      weeksOfMonthIndexes: '0',
      isSingleDate: false,
      singleDate: null,
      startTime: '19:00',
      endTime: '21:00',
    };
    const dates = nextOccurrences(weekly, 'Pacific/Chatham', new Date('2026-09-20T00:00:00Z'), 3);
    expect(dates.map((d) => wallClock(d.start.getTime(), 'Pacific/Chatham'))).toEqual([
      { date: '2026-09-20', time: '19:00' },
      { date: '2026-09-27', time: '19:00' },
      { date: '2026-10-04', time: '19:00' },
    ]);
    // Chatham's summer time starts on 2026-09-27: +12:45, then +13:45.
    expect(dates.map((d) => d.start.toISOString())).toEqual([
      '2026-09-20T06:15:00.000Z',
      '2026-09-27T05:15:00.000Z',
      '2026-10-04T05:15:00.000Z',
    ]);
  });
});
