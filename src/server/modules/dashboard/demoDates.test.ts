// Chapter health over the demo network on days chosen to catch a day-dependent rule (issue 31,
// item 7): a first-Thursday chapter the day before, of and after its meeting, a month's and a
// year's end, and the US daylight saving changes. The demo is made as of a set moment and read
// as of each day, as a demo site is read in the days after it was made: nothing here reads the
// machine's clock, so the outcome is the same on whatever day the suite runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { seedDemo } from '../../seed/demo';
import { getAdminDashboard } from './service';
import type { TestApp } from '../../test/chapterAdminWorld';

const MADE = new Date('2026-02-20T15:00:00Z');
/** Noon in New York unless the moment matters (a DST change happens at 2 a.m.). */
const DAYS = [
  '2026-03-07T17:00:00Z', // Saturday before the spring change
  '2026-03-08T06:30:00Z', // 1:30 a.m. EST, half an hour before the clocks go forward
  '2026-03-08T07:30:00Z', // 3:30 a.m. EDT, just after
  '2026-03-31T23:30:00Z', // a month's end, and the next month's first day in UTC
  '2026-11-01T05:30:00Z', // 1:30 a.m. EDT, before the clocks go back
  '2026-11-01T07:30:00Z', // 2:30 a.m. EST, after
  '2026-11-28T17:00:00Z', // the day the browser test met None
  '2026-12-02T17:00:00Z', // the day before a first Thursday (London, Portland: Dec 3)
  '2026-12-03T17:00:00Z', // a first Thursday, before its meetings
  '2026-12-04T17:00:00Z', // the day after
  '2026-12-31T23:30:00Z', // the year's end, the new year in UTC
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, MADE);
});
afterAll(() => t.close());

describe("the demo network's chapter health on any day", () => {
  it.each(DAYS)('gives every chapter that has met for months a last meeting on %s', async (at) => {
    const now = new Date(at);
    const { chapters, counts } = await getAdminDashboard(t.db, now);
    const active = chapters.filter((c) => c.status === 1);
    expect(active.length).toBeGreaterThan(15);
    // An active chapter past its first two months that has a meeting to come has met before:
    // every recurrence meets within two months.
    const meeting = active.filter((c) => c.nextEventDate && !c.graceUntil);
    expect(meeting.length).toBeGreaterThan(10);
    expect(meeting.filter((c) => c.lastEventDate === null).map((c) => c.slug)).toEqual([]);
    // A last meeting is never after the next, nor more than a day from now (local dates).
    const dayAfter = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    for (const c of chapters) {
      if (c.lastEventDate) expect(c.lastEventDate <= dayAfter, c.slug).toBe(true);
      if (c.lastEventDate && c.nextEventDate) {
        expect(c.lastEventDate <= c.nextEventDate, c.slug).toBe(true);
      }
    }
    expect(counts.lapsedChapters).toBe(chapters.filter((c) => c.isLapsed).length);
  });

  it('reads a first-Thursday chapter the day before, of and after its meeting', async () => {
    const london = async (at: string) => {
      const { chapters } = await getAdminDashboard(t.db, new Date(at));
      const row = chapters.find((c) => c.slug === 'drinking-liberally-london');
      return [row?.lastEventDate, row?.nextEventDate];
    };
    // London meets on first Thursdays, 19:00 to 22:00 (UTC in winter), and third Sundays.
    expect(await london('2026-12-02T17:00:00Z')).toEqual(['2026-11-15', '2026-12-03']);
    expect(await london('2026-12-03T17:00:00Z')).toEqual(['2026-11-15', '2026-12-03']);
    expect(await london('2026-12-03T22:30:00Z')).toEqual(['2026-12-03', '2026-12-20']);
    expect(await london('2026-12-04T17:00:00Z')).toEqual(['2026-12-03', '2026-12-20']);
  });
});
