import { describe, expect, it } from 'vitest';
import {
  googleCalendarUrl,
  outlookCalendarUrl,
  webcalUrl,
  type CalendarOccurrence,
} from './calendarLinks';

/** A Thursday 7-9pm in New York in November (EST, UTC-5): midnight UTC falls inside it. */
const meeting: CalendarOccurrence = {
  title: 'Drinking Liberally Greenpoint at Pencil Factory',
  location: 'Pencil Factory, 142 Franklin St, Brooklyn, NY 11222',
  details: 'Upstairs, by the window & the "Back room"',
  url: 'https://example.org/chapter/ny/greenpoint/events/pencil-factory',
  when: { start: '2026-11-27T00:00:00.000Z', end: '2026-11-27T02:00:00.000Z' },
};

const params = (url: string) => new URL(url).searchParams;

describe('the Google Calendar link', () => {
  it('carries the meeting in UTC, its title, place and a description ending in its page', () => {
    const url = googleCalendarUrl(meeting);
    expect(url.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const p = params(url);
    expect(p.get('action')).toBe('TEMPLATE');
    expect(p.get('dates')).toBe('20261127T000000Z/20261127T020000Z');
    expect(p.get('text')).toBe(meeting.title);
    expect(p.get('location')).toBe(meeting.location);
    expect(p.get('details')).toBe(`${meeting.details}\n\n${meeting.url}`);
  });

  it('writes a summer evening in the offset of its day (EDT, UTC-4), from a Date too', () => {
    const p = params(
      googleCalendarUrl({
        ...meeting,
        when: {
          start: new Date('2026-07-02T19:00:00-04:00'),
          end: new Date('2026-07-02T21:00:00-04:00'),
        },
      }),
    );
    expect(p.get('dates')).toBe('20260702T230000Z/20260703T010000Z');
  });

  it('writes an all-day meeting as dates, its end the day after its last', () => {
    const p = params(
      googleCalendarUrl({
        ...meeting,
        when: { allDay: { first: '2026-12-31', last: '2026-12-31' } },
      }),
    );
    expect(p.get('dates')).toBe('20261231/20270101');
  });

  it('gives a meeting without a length an hour, and refuses one without a date', () => {
    const p = params(
      googleCalendarUrl({
        ...meeting,
        when: { start: '2026-11-27T00:00:00Z', end: '2026-11-27T00:00:00Z' },
      }),
    );
    expect(p.get('dates')).toBe('20261127T000000Z/20261127T010000Z');
    expect(() => googleCalendarUrl({ ...meeting, when: { start: 'soon', end: 'later' } })).toThrow(
      RangeError,
    );
    expect(() =>
      googleCalendarUrl({
        ...meeting,
        when: { allDay: { first: '2026-13-01', last: '2026-13-01' } },
      }),
    ).toThrow(RangeError);
  });

  it('keeps only the page when there is no description', () => {
    expect(params(googleCalendarUrl({ ...meeting, details: '  ' })).get('details')).toBe(
      meeting.url,
    );
  });
});

describe('the Outlook.com link', () => {
  it('carries the meeting in UTC with its title, place and description', () => {
    const url = outlookCalendarUrl(meeting);
    expect(url.startsWith('https://outlook.live.com/calendar/0/action/compose?')).toBe(true);
    const p = params(url);
    expect(p.get('rru')).toBe('addevent');
    expect(p.get('startdt')).toBe('2026-11-27T00:00:00Z');
    expect(p.get('enddt')).toBe('2026-11-27T02:00:00Z');
    expect(p.get('allday')).toBe('false');
    expect(p.get('subject')).toBe(meeting.title);
    expect(p.get('location')).toBe(meeting.location);
    expect(p.get('body')).toBe(`${meeting.details}\n\n${meeting.url}`);
  });

  it('writes an all-day meeting as dates with allday=true', () => {
    const p = params(
      outlookCalendarUrl({
        ...meeting,
        when: { allDay: { first: '2026-02-27', last: '2026-02-28' } },
      }),
    );
    expect(p.get('startdt')).toBe('2026-02-27');
    expect(p.get('enddt')).toBe('2026-03-01');
    expect(p.get('allday')).toBe('true');
  });
});

describe('a subscription address', () => {
  it('is the feed on the site’s public host with the webcal scheme', () => {
    expect(
      webcalUrl('https://chapters.example.org', '/api/chapter_calendar/greenpoint/events.ics'),
    ).toBe('webcal://chapters.example.org/api/chapter_calendar/greenpoint/events.ics');
    expect(webcalUrl('http://localhost:3000/', '/api/chapter_calendar/all/events.ics?type=2')).toBe(
      'webcal://localhost:3000/api/chapter_calendar/all/events.ics?type=2',
    );
  });
});
