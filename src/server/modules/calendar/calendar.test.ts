// The chapter calendar: valid iCalendar whose meetings are the chapter page's, on days chosen to
// catch a day-dependent rule (issue 31, item 7). The server reads the time from Date, so Date
// alone is set (timers stay real), and the demo is made as of a set moment: nothing here depends
// on the day the suite runs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { seedDemo } from '../../seed/demo';
import { chapters } from '../../db/schema';

const MADE = new Date('2026-02-20T15:00:00Z');
const DAYS = [
  '2026-03-07T17:00:00Z', // the Saturday before the spring change
  '2026-03-08T06:30:00Z', // 1:30 a.m. EST, before the clocks go forward
  '2026-03-08T07:30:00Z', // 3:30 a.m. EDT, after
  '2026-04-30T23:30:00Z', // a month's end (May in UTC)
  '2026-11-01T05:30:00Z', // 1:30 a.m. EDT, before the clocks go back
  '2026-11-01T06:30:00Z', // 1:30 a.m. EST, the same hour again
  '2026-11-26T17:00:00Z', // Thanksgiving, which two demo chapters skip
  '2026-12-02T17:00:00Z', // the day before a first Thursday
  '2026-12-04T17:00:00Z', // the day after
  '2026-12-31T23:30:00Z', // the year's end
];

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, MADE);
});
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

/** Every VEVENT's occurrences from now on, as ical.js (an independent parser) expands them. */
function expand(ics: string, now: Date, perEvent: number) {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const starts: number[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const duration = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
    const it = event.iterator();
    let next: ICAL.Time | null;
    let taken = 0;
    while ((next = it.next()) && taken < perEvent) {
      const start = next.toJSDate().getTime();
      if (start + duration <= now.getTime()) continue;
      starts.push(start);
      taken += 1;
      if (!event.isRecurring()) break;
    }
  }
  return starts.sort((a, b) => a - b);
}

describe('the chapter calendar', () => {
  it.each(DAYS)(
    'is valid iCalendar whose dates are the chapter page’s, for every demo chapter, on %s',
    async (at) => {
      const now = new Date(at);
      const visible = await t.db.select().from(chapters).where(eq(chapters.status, 1));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      let checked = 0;
      for (const c of visible) {
        const res = await t.app.inject({ url: `/api/chapter_calendar/${c.slug}/events.ics` });
        expect(res.statusCode, c.slug).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/calendar/);
        const page = (await t.app.inject({ url: `/api/chapter/slug/${c.slug}` })).json<{
          upcoming: { start: string }[];
          timeZone: string;
        }>();
        expect(res.body).toContain(`TZID:${page.timeZone}`);
        expect(res.body).toContain('BEGIN:VTIMEZONE');
        const fromCalendar = expand(res.body, now, 4).slice(0, page.upcoming.length);
        expect(
          fromCalendar.map((s) => new Date(s).toISOString()),
          c.slug,
        ).toEqual(page.upcoming.map((u) => new Date(u.start).toISOString()));
        checked += page.upcoming.length;
      }
      expect(checked).toBeGreaterThan(40);
    },
  );

  it('names the place and repeats by RRULE, never BYWEEKNO', async () => {
    const res = await t.app.inject({
      url: '/api/chapter_calendar/drinking-liberally-upper-west-side/events.ics',
    });
    expect(res.body).toMatch(/RRULE:FREQ=(WEEKLY|MONTHLY)/);
    expect(res.body).toContain('LOCATION:');
    expect(res.body).not.toContain('BYWEEKNO');
    // DTSTAMP is always UTC (RFC 5545 3.8.7.2).
    expect(res.body).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
  });

  it('is a 404 for a hidden chapter, except to its hosts', async () => {
    const [hidden] = await t.db.select().from(chapters).where(eq(chapters.status, 0));
    const url = `/api/chapter_calendar/${hidden!.slug}/events.ics`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const host = await signedInUser(t, { hostOf: [hidden!.id] });
    expect((await t.app.inject({ url, headers: { cookie: host.cookie } })).statusCode).toBe(200);
  });
});
