// The chapter calendar and the chapter page agree on the coming meetings on days chosen to catch a
// day-dependent rule (issue 31, item 7): both US daylight saving changes, either side of 2 a.m.,
// a month's and a year's end, Thanksgiving, and the day before and after a first Thursday. The
// server reads the time from Date, so Date alone is set (timers stay real); the demo is made as
// of a set moment first. Nothing here depends on the day the suite runs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
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
  '2026-11-26T17:00:00Z', // Thanksgiving
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

/** The first `count` meetings from `now` on that ical.js (an independent parser) reads. */
function expand(ics: string, now: Date, count: number): string[] {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const starts: number[] = [];
  for (const vevent of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const duration = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
    const it = event.iterator();
    let next: ICAL.Time | null;
    let taken = 0;
    while ((next = it.next()) && taken < count) {
      const start = next.toJSDate().getTime();
      if (start + duration <= now.getTime()) continue;
      starts.push(start);
      taken += 1;
      if (!event.isRecurring()) break;
    }
  }
  return starts
    .sort((a, b) => a - b)
    .slice(0, count)
    .map((s) => new Date(s).toISOString());
}

describe('the chapter calendar on any day', () => {
  it.each(DAYS)("gives every chapter the page's coming meetings on %s", async (at) => {
    const now = new Date(at);
    const visible = await t.db.select().from(chapters).where(eq(chapters.status, 1));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    let checked = 0;
    for (const c of visible) {
      const ics = await t.app.inject({ url: `/api/chapter_calendar/${c.slug}/events.ics` });
      expect(ics.statusCode, c.slug).toBe(200);
      const page = (await t.app.inject({ url: `/api/chapter/slug/${c.slug}` })).json<{
        upcoming: { start: string }[];
      }>();
      const starts = page.upcoming.map((u) => new Date(u.start).toISOString());
      expect(expand(ics.body, now, starts.length), c.slug).toEqual(starts);
      checked += starts.length;
    }
    expect(checked).toBeGreaterThan(40);
  });
});
