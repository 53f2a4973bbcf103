// Calendar text a host typed: a chapter title or an event name with line breaks, property
// names, commas, semicolons and backslashes must stay text in the feed and in an event's .ics
// (RFC 5545 3.3.11 escaping, 3.1 folding), never start a line, a property or a calendar of
// its own. Read back with ical.js, an independent parser.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEvents } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { insertChapter, uniqueSlug, type TestApp } from '../../test/chapterAdminWorld';

// RFC 7986 gives NAME the TEXT type, and X-WR-CALNAME / X-WR-CALDESC are TEXT by use; ical.js
// knows neither and would hand back their escaped form.
for (const name of ['name', 'x-wr-calname', 'x-wr-caldesc']) {
  ICAL.design.icalendar.property[name] = { defaultType: 'text' };
}

/** Every hostile piece at once, and long enough in multi-byte letters to need folding. */
const hostile = (what: string) =>
  [
    `${what} one\rtwo\nthree\r\nfour`,
    'END:VCALENDAR',
    'BEGIN:VCALENDAR',
    'URL:https://evil.example',
    'a, b; c \\ d \\n e \\; f',
    'Ünïcødé ☕ café 日本語のテキスト '.repeat(4).trim(),
  ].join('\r\n');

const chapterTitle = hostile('Chapter');
const eventName = hostile('Event');
/** The text read back: iCalendar TEXT has one line break (`\n`), so CR and CRLF read as LF. */
const asRead = (text: string) => text.replace(/\r\n?/g, '\n');

let t: TestApp;
let chapterSlug: string;
let eventSlug: string;
beforeAll(async () => {
  t = await createTestApp();
  const chapter = await insertChapter(t, { title: chapterTitle, chapterTypeId: 1 });
  chapterSlug = chapter.slug;
  eventSlug = uniqueSlug('pints');
  await t.db.insert(chapterEvents).values({
    chapterId: chapter.id,
    name: eventName,
    slug: eventSlug,
    address1: '',
    city: '',
    state: 'NY',
    startTime: '18:00',
    endTime: '20:00',
    dayOfWeekIndex: 4,
    weeksOfMonthIndexes: '0',
    lat: 0,
    lng: 0,
  });
});
afterAll(() => t.close());

const INJECTED = /^(END|BEGIN|URL)[:;]/;

async function calendarOf(url: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const lines = res.body.split('\r\n');
  // RFC 5545 3.1: lines are CRLF-separated (no bare CR or LF) and at most 75 octets.
  expect(res.body).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
  for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  const parsed: unknown[] = ICAL.parse(res.body) as unknown[];
  // ICAL.parse answers one component, or a list of them when there are several.
  const components = typeof parsed[0] === 'string' ? [parsed] : parsed;
  expect(components).toHaveLength(1);
  const root = new ICAL.Component(components[0] as unknown[]);
  expect(root.name).toBe('vcalendar');
  return { root, lines };
}

describe('text in a calendar', () => {
  it('keeps a hostile chapter title and event name as text in the chapter feed', async () => {
    const { root, lines } = await calendarOf(`/api/chapter_calendar/${chapterSlug}/events.ics`);
    const title = asRead(`Drinking Liberally ${chapterTitle}`);
    expect(root.getFirstPropertyValue('name')).toBe(title);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(title);
    expect(root.getFirstPropertyValue('x-wr-caldesc')).toBe(`Meetings of ${title}`);
    expect(root.getAllProperties('url')).toHaveLength(1);
    const events = root.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    expect(events[0]!.getFirstPropertyValue('summary')).toBe(`${title} at ${asRead(eventName)}`);
    expect(events[0]!.getFirstPropertyValue('location')).toBe(`${asRead(eventName)}, NY`);
    expect(lines.filter((l) => l === 'BEGIN:VCALENDAR')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VCALENDAR')).toHaveLength(1);
    // The calendar's URL and the event's: none injected.
    expect(lines.filter((l) => /^URL[:;]/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('evil.example') && INJECTED.test(l))).toEqual([]);
  });

  it('keeps them as text in an event’s own .ics', async () => {
    const { root, lines } = await calendarOf(`/api/chapter_calendar/event/${eventSlug}/event.ics`);
    const title = asRead(`Drinking Liberally ${chapterTitle}`);
    expect(root.getFirstPropertyValue('name')).toBe(`${title}: ${asRead(eventName)}`);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(`${title}: ${asRead(eventName)}`);
    expect(root.getFirstPropertyValue('x-wr-caldesc')).toBe(
      `Meetings of ${title} at ${asRead(eventName)}`,
    );
    const events = root.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    expect(events[0]!.getFirstPropertyValue('summary')).toBe(`${title} at ${asRead(eventName)}`);
    expect(lines.filter((l) => l === 'BEGIN:VCALENDAR')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VCALENDAR')).toHaveLength(1);
    // The calendar's URL and the event's: none injected.
    expect(lines.filter((l) => /^URL[:;]/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => l.includes('evil.example') && INJECTED.test(l))).toEqual([]);
  });
});
