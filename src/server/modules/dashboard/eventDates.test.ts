// The dashboard's last and next meeting dates agree with the chapter page's recurrence.
import { describe, expect, it } from 'vitest';
import { nextOccurrencesOfAll } from '../../../common/recurrence';
import type { ChapterEventRow } from '../../db/schema';
import { eventDatesOf, ZoneClock } from './eventDates';

let id = 0;
function event(values: Partial<ChapterEventRow>): ChapterEventRow {
  id += 1;
  return {
    id,
    chapterId: 1,
    name: 'Bar',
    slug: `e${id}`,
    description: '',
    address1: '1 Main',
    address2: '',
    city: 'Town',
    state: 'NY',
    postalCode: '',
    country: 'US',
    lat: 0,
    lng: 0,
    startTime: '19:00',
    endTime: '21:00',
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: '0',
    isSingleDate: false,
    singleDate: null,
    capacity: null,
    maxGuests: 2,
    createdAt: new Date('2020-01-01T00:00:00Z'),
    updatedAt: new Date('2020-01-01T00:00:00Z'),
    ...values,
  };
}

const zone = 'America/New_York';
/** The chapter of these events was made long ago unless a test says otherwise. */
const LONG_AGO = Date.parse('2020-01-01T00:00:00Z');
const dates = (events: ChapterEventRow[], now: Date, chapterMade = LONG_AGO) =>
  eventDatesOf(events, zone, new ZoneClock(now), chapterMade);

describe('eventDatesOf', () => {
  it('gives the next date nextOccurrencesOfAll gives, for every rule, at many moments', () => {
    const events = Array.from({ length: 8 }, (_, option) =>
      event({ weeksOfMonthIndexes: String(option), dayOfWeekIndex: option % 7 }),
    );
    for (let hour = 0; hour < 24 * 70; hour += 7) {
      const now = new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000);
      for (const e of events) {
        const [next] = nextOccurrencesOfAll([e], zone, now, 1);
        expect(dates([e], now).nextEventDate, `${e.weeksOfMonthIndexes} ${now.toISOString()}`).toBe(
          next?.date ?? null,
        );
      }
    }
  });

  it('gives the latest meeting that has ended, never before the chapter was made', () => {
    // Tuesday 2025-03-11, 15:00 in New York: tonight's meeting (19:00 to 21:00) is the next,
    // not yet the last; from its end it is the last.
    const now = new Date('2025-03-11T19:00:00Z');
    expect(dates([event({ dayOfWeekIndex: 2 })], now)).toEqual({
      lastEventDate: '2025-03-04',
      nextEventDate: '2025-03-11',
    });
    expect(dates([event({ dayOfWeekIndex: 2 })], new Date('2025-03-12T01:00:00Z'))).toEqual({
      lastEventDate: '2025-03-11',
      nextEventDate: '2025-03-18',
    });
    expect(dates([event({ dayOfWeekIndex: 1 })], now).lastEventDate).toBe('2025-03-10');
    const newChapter = Date.parse('2025-03-11T12:00:00Z');
    expect(dates([event({ dayOfWeekIndex: 1 })], now, newChapter)).toEqual({
      lastEventDate: null,
      nextEventDate: '2025-03-17',
    });
    // A chapter made this morning that meets tonight has not met yet (it read as met on its
    // meeting's weekday only, so a browser test about it passed on Thursdays alone).
    expect(dates([event({ dayOfWeekIndex: 2 })], now, newChapter)).toEqual({
      lastEventDate: null,
      nextEventDate: '2025-03-11',
    });
  });

  it('gives no last meeting from before its event was put on the site (issue 35)', () => {
    // Every first Monday; the event's row was made this morning: the 3rd was no meeting of it.
    const now = new Date('2025-03-11T19:00:00Z');
    const monthly = event({
      weeksOfMonthIndexes: '1',
      dayOfWeekIndex: 1,
      createdAt: new Date('2025-03-11T12:00:00Z'),
    });
    expect(dates([monthly], now)).toEqual({ lastEventDate: null, nextEventDate: '2025-04-07' });
    // Put on the site in February, it met on the 3rd.
    const older = { ...monthly, createdAt: new Date('2025-02-20T12:00:00Z') };
    expect(dates([older], now)).toEqual({
      lastEventDate: '2025-03-03',
      nextEventDate: '2025-04-07',
    });
  });

  it('gives no last meeting from a single date or a move entered after the day it names', () => {
    const now = new Date('2025-03-11T19:00:00Z');
    // A one-off for the 1st of February, put on the site on the 20th: not a meeting held.
    const lateEntry = event({
      isSingleDate: true,
      singleDate: '2025-02-01',
      createdAt: new Date('2025-02-20T12:00:00Z'),
    });
    expect(dates([lateEntry], now)).toEqual({ lastEventDate: null, nextEventDate: null });
    // Every Monday from the 5th of March; its first date moved back to the 2nd of February.
    const weekly = event({ dayOfWeekIndex: 1, createdAt: new Date('2025-03-05T12:00:00Z') });
    const movedBack = {
      ...weekly,
      exceptions: [
        {
          date: '2025-03-10',
          note: '',
          movedTo: { date: '2025-02-02', startTime: '19:00', endTime: '21:00' },
        },
      ],
    };
    expect(dates([movedBack], now).lastEventDate).toBeNull();
  });

  it('does not count a skipped date as met, and counts a moved one where it went', () => {
    // Every Monday; Tuesday 2025-03-11. The 10th was skipped; the 3rd moved to the 5th.
    const now = new Date('2025-03-11T19:00:00Z');
    const weekly = { ...event({ dayOfWeekIndex: 1 }) };
    const skip = (date: string, movedTo: string | null = null) => ({
      date,
      note: '',
      movedTo: movedTo ? { date: movedTo, startTime: '19:00', endTime: '21:00' } : null,
    });
    const last = (exceptions: ReturnType<typeof skip>[]) =>
      eventDatesOf([{ ...weekly, exceptions }], zone, new ZoneClock(now), LONG_AGO).lastEventDate;
    expect(last([])).toBe('2025-03-10');
    expect(last([skip('2025-03-10')])).toBe('2025-03-03');
    expect(last([skip('2025-03-10'), skip('2025-03-03', '2025-03-05')])).toBe('2025-03-05');
  });

  it('handles single dates: past, today and coming', () => {
    const now = new Date('2025-03-11T19:00:00Z');
    const past = event({ isSingleDate: true, singleDate: '2025-02-01' });
    const coming = event({ isSingleDate: true, singleDate: '2025-04-01' });
    expect(dates([past], now)).toEqual({ lastEventDate: '2025-02-01', nextEventDate: null });
    expect(dates([past, coming], now)).toEqual({
      lastEventDate: '2025-02-01',
      nextEventDate: '2025-04-01',
    });
    const tonightOver = event({
      isSingleDate: true,
      singleDate: '2025-03-11',
      startTime: '08:00',
      endTime: '09:00',
    });
    expect(dates([tonightOver], now)).toEqual({ lastEventDate: '2025-03-11', nextEventDate: null });
    const tonight = event({ isSingleDate: true, singleDate: '2025-03-11' });
    expect(dates([past, tonight], now)).toEqual({
      lastEventDate: '2025-02-01',
      nextEventDate: '2025-03-11',
    });
    expect(dates([], now)).toEqual({ lastEventDate: null, nextEventDate: null });
  });

  it('passes over a skipped date and counts a moved one where it went', () => {
    // Every Tuesday; Monday 2026-11-23 at noon in New York.
    const now = new Date('2026-11-23T17:00:00Z');
    const weekly = event({ weeksOfMonthIndexes: '0', dayOfWeekIndex: 2 });
    const at = (exceptions: { date: string; movedTo: { date: string } | null }[]) =>
      eventDatesOf(
        [
          {
            ...weekly,
            exceptions: exceptions.map((x) => ({
              date: x.date,
              note: '',
              movedTo: x.movedTo && { ...x.movedTo, startTime: '19:00', endTime: '21:00' },
            })),
          },
        ],
        zone,
        new ZoneClock(now),
        LONG_AGO,
      ).nextEventDate;
    expect(at([])).toBe('2026-11-24');
    expect(at([{ date: '2026-11-24', movedTo: null }])).toBe('2026-12-01');
    expect(at([{ date: '2026-11-24', movedTo: { date: '2026-11-26' } }])).toBe('2026-11-26');
    expect(at([{ date: '2026-11-24', movedTo: { date: '2026-12-05' } }])).toBe('2026-12-01');
  });
});
