import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RRule } from 'rrule';
import { frequencyText } from './frequencyText';
import {
  dateOfEpochDay,
  epochDay,
  firstDateOfRule,
  meetsOn,
  nextOccurrences,
  nextOccurrencesOfAll,
  ruleSpecs,
  rruleText,
  weekNumber,
  type RecurringEvent,
} from './recurrence';

const event = (over: Partial<RecurringEvent> = {}): RecurringEvent => ({
  dayOfWeekIndex: 2,
  weeksOfMonthIndexes: '0',
  isSingleDate: false,
  singleDate: null,
  startTime: '19:00',
  endTime: '21:00',
  ...over,
});

const FROM = '2026-01-01';
const TO = '2027-12-31'; // two years, and 2026 has 53 ISO weeks

/** Our dates over the range, by testing every day. */
function ourDates(e: RecurringEvent): string[] {
  const out: string[] = [];
  for (let day = epochDay(FROM); day <= epochDay(TO); day++)
    if (meetsOn(e, day)) out.push(dateOfEpochDay(day));
  return out;
}

/** The rrule package's expansion of the RRULE text we give calendars, from the DTSTART we give. */
function rruleDates(e: RecurringEvent): string[] {
  const dates = new Set<string>();
  for (const spec of ruleSpecs(e)) {
    const start = firstDateOfRule(spec, e.dayOfWeekIndex, FROM);
    const rule = new RRule({
      ...RRule.parseString(rruleText(spec, e.dayOfWeekIndex)),
      dtstart: new Date(`${start}T12:00:00Z`),
      until: new Date(`${TO}T23:59:59Z`),
    });
    for (const d of rule.all()) dates.add(d.toISOString().slice(0, 10));
  }
  return [...dates].sort();
}

describe('recurrence against an independent expansion (rrule)', () => {
  const options = ['0', '1', '2', '3', '4', '5', '6', '7', '1,3', '2,4', '1,5', '6,7', '1,6'];
  for (const weeks of options) {
    it(`option ${weeks}: every weekday over two years`, () => {
      for (let weekday = 0; weekday < 7; weekday++) {
        const e = event({ dayOfWeekIndex: weekday, weeksOfMonthIndexes: weeks });
        const ours = ourDates(e);
        expect(ours.length).toBeGreaterThan(20);
        expect(ours).toEqual(rruleDates(e));
      }
    });
  }

  it('reads the last week of the month as the last such weekday', () => {
    const dates = ourDates(event({ dayOfWeekIndex: 5, weeksOfMonthIndexes: '5' }));
    expect(dates.slice(0, 3)).toEqual(['2026-01-30', '2026-02-27', '2026-03-27']);
  });
});

describe('even and odd weeks', () => {
  it('counts weeks from Monday 1970-01-05', () => {
    expect(weekNumber(epochDay('1970-01-05'))).toBe(0);
    expect(weekNumber(epochDay('1970-01-11'))).toBe(0);
    expect(weekNumber(epochDay('1970-01-12'))).toBe(1);
    expect(
      meetsOn(event({ dayOfWeekIndex: 1, weeksOfMonthIndexes: '6' }), epochDay('1970-01-05')),
    ).toBe(true);
    expect(
      meetsOn(event({ dayOfWeekIndex: 1, weeksOfMonthIndexes: '7' }), epochDay('1970-01-12')),
    ).toBe(true);
  });

  it('never meets two weeks in a row nor leaves a gap of three, across any years', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('6', '7'),
        fc.integer({ min: epochDay('1990-01-01'), max: epochDay('2090-01-01') }),
        (weekday, weeks, startDay) => {
          const e = event({ dayOfWeekIndex: weekday, weeksOfMonthIndexes: weeks });
          const days: number[] = [];
          for (let d = startDay; d < startDay + 120; d++) if (meetsOn(e, d)) days.push(d);
          return days.length >= 8 && days.every((d, i) => i === 0 || d - days[i - 1]! === 14);
        },
      ),
    );
  });

  it('even and odd weeks together meet every week', () => {
    const both = ourDates(event({ weeksOfMonthIndexes: '6,7' }));
    expect(both).toEqual(ourDates(event({ weeksOfMonthIndexes: '0' })));
  });
});

describe('next occurrences in the chapter time zone', () => {
  const ny = 'America/New_York';

  it('gives dates in order, on the right weekday, none ended', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '1,3', '2,5'),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.constantFrom(
          ny,
          'America/Los_Angeles',
          'America/Anchorage',
          'Pacific/Honolulu',
          'Europe/London',
          'UTC',
        ),
        (weekday, weeks, now, zone) => {
          const list = nextOccurrences(
            event({ dayOfWeekIndex: weekday, weeksOfMonthIndexes: weeks }),
            zone,
            now,
            4,
          );
          if (list.length !== 4) return false;
          return list.every(
            (o, i) =>
              o.end > now &&
              new Date(`${o.date}T00:00:00Z`).getUTCDay() === weekday &&
              (i === 0 || o.start > list[i - 1]!.start),
          );
        },
      ),
    );
  });

  it('skips no meeting: the dates are the first ones a day-by-day search finds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('0', '1', '4', '5', '6', '7', '1,3', '2,5'),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.constantFrom(ny, 'Pacific/Honolulu', 'UTC'),
        fc.constantFrom(['19:00', '21:00'], ['22:00', '01:00'], ['00:30', '02:00']),
        (weekday, weeks, now, zone, [startTime, endTime]) => {
          const e = event({
            dayOfWeekIndex: weekday,
            weeksOfMonthIndexes: weeks,
            startTime,
            endTime,
          });
          const expected: string[] = [];
          // From two days back: a meeting that began then may run past midnight into now.
          const today = epochDay(now.toISOString().slice(0, 10));
          for (let d = today - 2; expected.length < 3; d++) {
            if (!meetsOn(e, d)) continue;
            const [o] = nextOccurrences(
              { ...e, isSingleDate: true, singleDate: dateOfEpochDay(d) },
              zone,
              now,
              1,
            );
            if (o) expected.push(o.date);
          }
          return (
            nextOccurrences(e, zone, now, 3)
              .map((o) => o.date)
              .join() === expected.join()
          );
        },
      ),
    );
  });

  it('keeps 7:00pm at 7:00pm local across the daylight-saving change', () => {
    const sundays = nextOccurrences(
      event({ dayOfWeekIndex: 0 }),
      ny,
      new Date('2026-03-01T12:00:00Z'),
      3,
    );
    expect(sundays.map((o) => o.date)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
    expect(sundays[0]!.start.toISOString()).toBe('2026-03-02T00:00:00.000Z'); // EST, UTC-5
    expect(sundays[1]!.start.toISOString()).toBe('2026-03-08T23:00:00.000Z'); // EDT, UTC-4
    const fall = nextOccurrences(
      event({ dayOfWeekIndex: 0 }),
      ny,
      new Date('2026-10-30T12:00:00Z'),
      2,
    );
    expect(fall[0]!.start.toISOString()).toBe('2026-11-02T00:00:00.000Z'); // back to EST on Nov 1
  });

  it("counts today's meeting until its end time has passed, local to the chapter", () => {
    const tuesday = event({ dayOfWeekIndex: 2, startTime: '19:00', endTime: '21:00' });
    // Tuesday 2026-11-24, 8:30pm in New York: still on.
    expect(nextOccurrences(tuesday, ny, new Date('2026-11-25T01:30:00Z'), 1)[0]!.date).toBe(
      '2026-11-24',
    );
    // 9:30pm: over; next week.
    expect(nextOccurrences(tuesday, ny, new Date('2026-11-25T02:30:00Z'), 1)[0]!.date).toBe(
      '2026-12-01',
    );
  });

  it('runs a meeting that ends after midnight into the next day', () => {
    const late = event({ dayOfWeekIndex: 5, startTime: '22:00', endTime: '01:00' });
    const [first] = nextOccurrences(late, 'UTC', new Date('2026-11-28T00:30:00Z'), 1);
    expect(first!.date).toBe('2026-11-27');
    expect(first!.end.toISOString()).toBe('2026-11-28T01:00:00.000Z');
  });

  it('gives a single date only until it has ended', () => {
    const once = event({
      isSingleDate: true,
      singleDate: '2026-12-05',
      startTime: '18:00',
      endTime: '20:00',
    });
    expect(
      nextOccurrences(once, ny, new Date('2026-11-23T12:00:00Z'), 4).map((o) => o.date),
    ).toEqual(['2026-12-05']);
    expect(nextOccurrences(once, ny, new Date('2026-12-06T00:30:00Z'), 4)).toHaveLength(1); // 7:30pm
    expect(nextOccurrences(once, ny, new Date('2026-12-06T01:30:00Z'), 4)).toEqual([]); // 8:30pm
  });

  it('merges several events in time order', () => {
    const a = { ...event({ dayOfWeekIndex: 1 }), name: 'a' };
    const b = { ...event({ dayOfWeekIndex: 3 }), name: 'b' };
    const merged = nextOccurrencesOfAll([a, b], ny, new Date('2026-11-23T12:00:00Z'), 4);
    expect(merged.map((o) => `${o.event.name}${o.date}`)).toEqual([
      'a2026-11-23',
      'b2026-11-25',
      'a2026-11-30',
      'b2026-12-02',
    ]);
  });
});

describe('frequency text', () => {
  it('says how often it meets', () => {
    expect(frequencyText(event({ weeksOfMonthIndexes: '0' }))).toBe('Every Tuesday');
    expect(frequencyText(event({ weeksOfMonthIndexes: '1,3' }))).toBe(
      'First and Third Tuesday of the Month',
    );
    expect(frequencyText(event({ weeksOfMonthIndexes: '5' }))).toBe('Last Tuesday of the Month');
    expect(frequencyText(event({ weeksOfMonthIndexes: '6' }))).toBe(
      'Every Other Tuesday (Even Weeks)',
    );
    expect(frequencyText(event({ isSingleDate: true, singleDate: '2026-12-05' }))).toBe(
      'Single date: 2026-12-05',
    );
  });
});
