import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { chapterEvents, chapters } from '../../db/schema';
import { activeChapterSchema, type ActiveChapter } from '../../../common/schemas/chapters';
import { get } from './testWorld';
import { activeChaptersJson } from './service';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isoDay = (base: string, days: number) =>
  new Date(Date.parse(`${base}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/chapters/active', () => {
  it('answers 200 chapters with 3 events each, each with its own next event', async () => {
    const N = 200;
    const rows = await t.db
      .insert(chapters)
      .values([
        ...Array.from({ length: N }, (_, i) => ({
          title: `Active ${i}`,
          slug: `active-${i}`,
          city: `City ${i}`,
          state: i % 2 ? 'CA' : 'NY',
          status: 1,
          chapterTypeId: (i % 6) + 1,
        })),
        { title: 'Hidden', slug: 'hidden', status: 0 },
        { title: 'Eventless', slug: 'eventless', status: 1 },
        { title: 'Past only', slug: 'past-only', status: 1 },
      ])
      .returning();
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    // Single dates far ahead make the expected next event independent of today: per chapter one
    // past date and two future ones, inserted latest first so that id order is not date order.
    const event = (chapterId: number, name: string, singleDate: string) => ({
      chapterId,
      name,
      slug: `${name}-${chapterId}`.toLowerCase().replaceAll(' ', '-'),
      address1: `${chapterId} Main St`,
      city: 'Somewhere',
      state: 'NY',
      lat: 40 + chapterId / 1000,
      lng: -74,
      startTime: '19:00',
      endTime: '21:00',
      isSingleDate: true,
      singleDate,
    });
    const values = rows
      .slice(0, N)
      .flatMap((c, i) => [
        event(c.id, `Later ${i}`, isoDay('2035-01-01', i + 1)),
        event(c.id, `Past ${i}`, '2020-01-01'),
        event(c.id, `Soonest ${i}`, isoDay('2035-01-01', i)),
      ]);
    values.push(event(byTitle.get('Past only')!.id, 'Gone', '2021-06-01'));
    values.push(event(byTitle.get('Hidden')!.id, 'Secret', '2035-01-01'));
    const inserted = await t.db.insert(chapterEvents).values(values).returning();
    const eventId = new Map(inserted.map((e) => [e.name, e.id]));

    const res = await get(t, '/api/chapters/active');
    expect(res.statusCode).toBe(200);
    const list: ActiveChapter[] = activeChapterSchema.array().parse(res.json());
    expect(list).toHaveLength(N + 2);
    expect(list.some((c) => c.title === 'Hidden')).toBe(false);
    const got = new Map(list.map((c) => [c.title, c]));
    for (let i = 0; i < N; i++) {
      const c = got.get(`Active ${i}`);
      const row = byTitle.get(`Active ${i}`)!;
      expect(c?.id).toBe(row.id);
      expect(c?.chapter_type.id).toBe((i % 6) + 1);
      // The map gets the next meeting only, not every event (the answer stays small).
      expect(c).not.toHaveProperty('chapter_events');
      expect(c?.nextEvent, `Active ${i}`).toEqual({
        eventId: eventId.get(`Soonest ${i}`),
        name: `Soonest ${i}`,
        address1: `${row.id} Main St`,
        city: 'Somewhere',
        state: 'NY',
        lat: 40 + row.id / 1000,
        lng: -74,
        date: isoDay('2035-01-01', i),
        startTime: '19:00',
        endTime: '21:00',
      });
    }
    expect(got.get('Eventless')?.nextEvent).toBeNull();
    expect(got.get('Past only')?.nextEvent).toBeNull();
  });

  it("computes the next meeting of recurring events in each chapter's own time zone", async () => {
    const [ny, la] = await t.db
      .insert(chapters)
      .values([
        { title: 'TZ New York', slug: 'tz-ny', city: 'New York', state: 'NY', status: 1 },
        { title: 'TZ Los Angeles', slug: 'tz-la', city: 'Los Angeles', state: 'CA', status: 1 },
      ])
      .returning();
    // The same rule in both: every Tuesday, 7pm to 9pm local; New York also meets on the first
    // Monday of the month.
    const tuesdays = (chapterId: number, lat: number, lng: number) => ({
      chapterId,
      name: `Tuesdays ${chapterId}`,
      slug: `tz-tuesdays-${chapterId}`,
      address1: '1 Main St',
      city: 'Here',
      lat,
      lng,
      startTime: '19:00',
      endTime: '21:00',
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '0',
    });
    await t.db.insert(chapterEvents).values([
      tuesdays(ny!.id, 40.78, -73.97),
      tuesdays(la!.id, 34.05, -118.24),
      {
        ...tuesdays(ny!.id, 40.78, -73.97),
        name: 'First Mondays',
        slug: 'tz-first-mondays',
        dayOfWeekIndex: 1,
        weeksOfMonthIndexes: '1',
      },
    ]);
    const at = async (iso: string) => {
      const list = JSON.parse(
        await activeChaptersJson(t.db, { now: new Date(iso) }),
      ) as ActiveChapter[];
      const of = (id: number) => list.find((c) => c.id === id)?.nextEvent;
      return { ny: of(ny!.id), la: of(la!.id) };
    };
    // Tuesday 2025-03-04, 6:30pm in New York (3:30pm in Los Angeles): both meet today.
    let next = await at('2025-03-04T23:30:00Z');
    expect(next.ny).toMatchObject({ name: `Tuesdays ${ny!.id}`, date: '2025-03-04' });
    expect(next.la).toMatchObject({ name: `Tuesdays ${la!.id}`, date: '2025-03-04' });
    // 11pm in New York (over), 8pm in Los Angeles (still on): the same instant, different dates.
    next = await at('2025-03-05T04:00:00Z');
    expect(next.ny).toMatchObject({ date: '2025-03-11' });
    expect(next.la).toMatchObject({ date: '2025-03-04' });
    // Sunday 2025-04-06: the first Monday (04-07) comes before Tuesday (04-08).
    next = await at('2025-04-06T12:00:00Z');
    expect(next.ny).toMatchObject({ name: 'First Mondays', date: '2025-04-07' });
    expect(next.la).toMatchObject({ date: '2025-04-08' });
  });

  it('is written a page at a time with nothing lost or repeated, in state order', async () => {
    // Chapters that tie on state and title: the page boundary must fall between them too.
    await t.db.insert(chapters).values(
      ['twin-a', 'twin-b', 'twin-c'].map((slug) => ({
        title: 'Twin',
        slug,
        state: 'NY',
        status: 1,
      })),
    );
    const whole = await activeChaptersJson(t.db);
    for (const pageSize of [1, 2, 7]) {
      expect(await activeChaptersJson(t.db, { pageSize }), `pages of ${pageSize}`).toBe(whole);
    }
    const ids = (JSON.parse(whole) as ActiveChapter[]).map((c) => c.id);
    const inOrder = await t.db
      .select({ id: chapters.id })
      .from(chapters)
      .where(eq(chapters.status, 1))
      .orderBy(asc(chapters.state), asc(chapters.title), asc(chapters.id));
    expect(ids).toEqual(inOrder.map((r) => r.id));
  });
});
