import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  dateWithWeekday,
  meetingWhenText,
  scheduleOf,
  scheduleText,
  timeRangeText,
  zoneAbbreviation,
} from './eventSchedule';
import {
  dateOfEpochDay,
  epochDay,
  nextOccurrences,
  nextOccurrencesOfAll,
  type DateException,
  type RecurringEvent,
} from './recurrence';

const event = (over: Partial<RecurringEvent> = {}): RecurringEvent => ({
  dayOfWeekIndex: 4, // Thursday
  weeksOfMonthIndexes: '0',
  isSingleDate: false,
  singleDate: null,
  startTime: '18:00',
  endTime: '20:00',
  ...over,
});

const ny = 'America/New_York';
// Tuesday 2026-11-24, noon in New York; Thanksgiving is Thursday 2026-11-26.
const NOW = new Date('2026-11-24T17:00:00Z');
const skip = (date: string, note = ''): DateException => ({ date, movedTo: null, note });
const move = (date: string, to: string, startTime = '18:00', endTime = '20:00', note = '') => ({
  date,
  movedTo: { date: to, startTime, endTime },
  note,
});

describe('next occurrences with skipped and moved dates', () => {
  it('leaves out a skipped date and still gives as many meetings', () => {
    const dates = nextOccurrences(event(), ny, NOW, 4, [skip('2026-11-26', 'Thanksgiving')]);
    expect(dates.map((o) => o.date)).toEqual([
      '2026-12-03',
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
    ]);
  });

  it('puts a moved meeting at its new date and time, in time order, with its note', () => {
    const dates = nextOccurrences(event(), ny, NOW, 3, [
      move('2026-11-26', '2026-11-25', '19:30', '21:30', 'The night before Thanksgiving'),
    ]);
    expect(dates.map((o) => o.date)).toEqual(['2026-11-25', '2026-12-03', '2026-12-10']);
    expect(dates[0]).toMatchObject({
      movedFrom: '2026-11-26',
      note: 'The night before Thanksgiving',
    });
    expect(dates[0]!.start.toISOString()).toBe('2026-11-26T00:30:00.000Z'); // 7:30pm EST
  });

  it('keeps a meeting moved from a past date to a coming one, and drops it once it has ended', () => {
    const moved = [move('2026-11-19', '2026-11-28')];
    expect(nextOccurrences(event(), ny, NOW, 2, moved).map((o) => o.date)).toEqual([
      '2026-11-26',
      '2026-11-28',
    ]);
    const later = new Date('2026-11-29T12:00:00Z');
    expect(nextOccurrences(event(), ny, later, 1, moved)[0]!.date).toBe('2026-12-03');
  });

  it('ignores an exception on a date the rule does not give (the rule changed since)', () => {
    const dates = nextOccurrences(event(), ny, NOW, 2, [
      skip('2026-11-25'), // a Wednesday
      move('2026-11-27', '2026-11-28'), // a Friday
    ]);
    expect(dates.map((o) => o.date)).toEqual(['2026-11-26', '2026-12-03']);
  });

  it('never applies exceptions to a single-date event', () => {
    const once = event({ isSingleDate: true, singleDate: '2026-12-05' });
    expect(nextOccurrences(once, ny, NOW, 4, [skip('2026-12-05')])).toHaveLength(1);
  });

  it('any set of skips: meetings are rule dates that were not skipped, in order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('0', '1,3', '2,4', '5', '6'),
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 12 }),
        (weeks, offsets) => {
          const e = event({ weeksOfMonthIndexes: weeks });
          const all = nextOccurrences(e, ny, NOW, 60).map((o) => o.date);
          const skipped = offsets.map((i) => all[i]!).filter(Boolean);
          const left = nextOccurrences(
            e,
            ny,
            NOW,
            4,
            skipped.map((d) => skip(d)),
          );
          const expected = all.filter((d) => !skipped.includes(d)).slice(0, 4);
          return JSON.stringify(left.map((o) => o.date)) === JSON.stringify(expected);
        },
      ),
    );
  });

  it('merges several events, each with its own exceptions', () => {
    const a = { ...event(), id: 1 };
    const b = { ...event({ dayOfWeekIndex: 2 }), id: 2 };
    const merged = nextOccurrencesOfAll([a, b], ny, NOW, 3, (e) =>
      e.id === 1 ? [skip('2026-11-26')] : [],
    );
    expect(merged.map((o) => `${o.event.id}:${o.date}`)).toEqual([
      '2:2026-11-24',
      '2:2026-12-01',
      '1:2026-12-03',
    ]);
  });
});

describe('an event’s schedule with its exceptions', () => {
  it('lists the rule’s dates with each one’s status, note and times', () => {
    const list = scheduleOf(event(), ny, NOW, 4, [
      skip('2026-11-26', 'No meeting on Thanksgiving'),
      move('2026-12-10', '2026-12-11', '19:00', '21:00'),
    ]);
    expect(list.map((d) => [d.date, d.status, d.meetsOn])).toEqual([
      ['2026-11-26', 'cancelled', '2026-11-26'],
      ['2026-12-03', 'scheduled', '2026-12-03'],
      ['2026-12-10', 'moved', '2026-12-11'],
      ['2026-12-17', 'scheduled', '2026-12-17'],
    ]);
    expect(list[0]!.note).toBe('No meeting on Thanksgiving');
    expect(list[2]).toMatchObject({ startTime: '19:00', endTime: '21:00' });
  });

  it('keeps a past date whose meeting moved to a coming one', () => {
    const list = scheduleOf(event(), ny, NOW, 2, [move('2026-11-19', '2026-11-28')]);
    expect(list.map((d) => d.date)).toEqual(['2026-11-19', '2026-11-26']);
  });

  it('gives a single date while it is coming', () => {
    const once = event({ isSingleDate: true, singleDate: '2026-12-05' });
    expect(scheduleOf(once, ny, NOW, 4).map((d) => d.status)).toEqual(['scheduled']);
    expect(scheduleOf(once, ny, new Date('2026-12-07T00:00:00Z'), 4)).toEqual([]);
  });

  it('agrees with nextOccurrences on the meetings', () => {
    const exceptions = [skip('2026-12-03'), move('2026-12-17', '2026-12-16')];
    const meetings = scheduleOf(event(), ny, NOW, 6, exceptions)
      .filter((d) => d.status !== 'cancelled')
      .map((d) => d.start.toISOString())
      .sort();
    expect(
      nextOccurrences(event(), ny, NOW, 5, exceptions).map((o) => o.start.toISOString()),
    ).toEqual(meetings);
  });
});

describe('schedule words', () => {
  it('says the rule and the times', () => {
    expect(
      scheduleText(
        event({
          dayOfWeekIndex: 3,
          weeksOfMonthIndexes: '1,3',
          startTime: '18:30',
          endTime: '20:30',
        }),
      ),
    ).toBe('First and third Wednesday of the month, 6:30–8:30pm');
    expect(scheduleText(event({ dayOfWeekIndex: 2, startTime: '19:00', endTime: '21:00' }))).toBe(
      'Every Tuesday, 7:00–9:00pm',
    );
    expect(scheduleText(event({ dayOfWeekIndex: 1, weeksOfMonthIndexes: '6' }))).toBe(
      'Every other Monday (even weeks), 6:00–8:00pm',
    );
    expect(scheduleText(event({ weeksOfMonthIndexes: '5' }))).toBe(
      'Last Thursday of the month, 6:00–8:00pm',
    );
    expect(scheduleText(event({ isSingleDate: true, singleDate: '2027-06-12' }))).toBe(
      'Saturday, June 12, 2027, 6:00–8:00pm',
    );
  });

  it('writes a time range across noon or midnight with both halves', () => {
    expect(timeRangeText('11:00', '13:00')).toBe('11:00am–1:00pm');
    expect(timeRangeText('22:00', '01:00')).toBe('10:00pm–1:00am');
    expect(timeRangeText('00:30', '02:00')).toBe('12:30–2:00am');
  });

  it('names the weekday and the zone', () => {
    expect(dateWithWeekday('2026-11-26')).toBe('Thu, Nov 26, 2026');
    expect(dateWithWeekday('2026-11-26', 'long')).toBe('Thursday, November 26, 2026');
    expect(zoneAbbreviation(new Date('2026-11-26T23:00:00Z'), ny)).toBe('EST');
    expect(zoneAbbreviation(new Date('2026-07-01T23:00:00Z'), 'America/Chicago')).toBe('CDT');
  });

  it('writes a meeting’s time with its zone as it will be at that meeting, either side of a change', () => {
    // Clocks go back on Sunday 1 November 2026: a Saturday meeting is EDT, the Tuesday's EST.
    const meeting = (meetsOn: string, start: string) => ({
      meetsOn,
      startTime: '19:00',
      endTime: '21:00',
      start,
    });
    expect(meetingWhenText(meeting('2026-10-31', '2026-10-31T23:00:00Z'), ny)).toBe(
      'Saturday, October 31, 2026, 7:00–9:00pm EDT',
    );
    expect(meetingWhenText(meeting('2026-11-03', '2026-11-04T00:00:00Z'), ny)).toBe(
      'Tuesday, November 3, 2026, 7:00–9:00pm EST',
    );
    expect(
      meetingWhenText(meeting('2026-11-03', '2026-11-04T03:00:00Z'), 'America/Los_Angeles'),
    ).toBe('Tuesday, November 3, 2026, 7:00–9:00pm PST');
  });

  it('epoch days and dates agree (sanity for the tests above)', () => {
    expect(dateOfEpochDay(epochDay('2026-11-26'))).toBe('2026-11-26');
  });
});
