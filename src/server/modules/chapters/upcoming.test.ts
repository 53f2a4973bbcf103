import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterEvents, chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  const [chapter] = await t.db
    .insert(chapters)
    .values({ title: 'Madison', slug: 'upcoming-madison', city: 'Madison', state: 'WI', status: 1 })
    .returning();
  await t.db.insert(chapterEvents).values([
    {
      chapterId: chapter!.id,
      name: 'The Old Fashioned',
      slug: 'upcoming-old-fashioned',
      address1: '23 N Pinckney St',
      city: 'Madison',
      state: 'WI',
      lat: 43.0766,
      lng: -89.3832,
      startTime: '18:30',
      endTime: '20:30',
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '1,3',
    },
    {
      chapterId: chapter!.id,
      name: 'Book Swap',
      slug: 'upcoming-book-swap',
      address1: '201 W Mifflin St',
      city: 'Madison',
      state: 'WI',
      startTime: '10:00',
      endTime: '12:00',
      dayOfWeekIndex: 6,
      weeksOfMonthIndexes: '0',
      isSingleDate: true,
      singleDate: '2099-06-06',
    },
  ]);
});
afterAll(() => t.close());

describe('a chapter page carries its next four meetings', () => {
  it('in the chapter time zone, soonest first, across all its events', async () => {
    const res = await t.app.inject({ url: '/api/chapter/slug/upcoming-madison' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      timeZone: string;
      upcoming: { date: string; start: string; eventId: number }[];
    }>();
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.upcoming).toHaveLength(4);
    const starts = body.upcoming.map((u) => Date.parse(u.start));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    for (const u of body.upcoming) {
      expect(new Date(`${u.date}T00:00:00Z`).getUTCDay()).toBe(2); // Tuesdays: the far single date is 5th
      // 6:30pm in Madison is 00:30 or 23:30 UTC depending on daylight saving.
      expect(u.start).toMatch(/T(00|23):30:00/);
    }
  });
});
