import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterEvents } from '../../db/schema';
import { chapterEventDetailSchema } from '../../../common/schemas/chapters';
import { createWorld, get } from '../chapters/testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
const event = (chapterId: number, slug: string) => ({
  chapterId,
  name: `Event ${slug}`,
  slug,
  address1: '1 Main St',
  city: 'Brooklyn',
  state: 'NY',
  lat: 40.7,
  lng: -73.9,
  startTime: '18:30',
  endTime: '20:00',
  dayOfWeekIndex: 4,
  weeksOfMonthIndexes: '5',
});
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db
    .insert(chapterEvents)
    .values([
      event(w.chapters.active.id, 'ev-active'),
      event(w.chapters.hidden.id, 'ev-hidden'),
      { ...event(w.chapters.other.id, 'ev-once'), isSingleDate: true, singleDate: '2031-05-06' },
    ]);
});
afterAll(() => t.close());

describe('GET /api/chapter_event/slug/:slug', () => {
  it('answers the event and its chapter', async () => {
    const res = await get(t, '/api/chapter_event/slug/ev-active');
    expect(res.statusCode).toBe(200);
    const body = chapterEventDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      name: 'Event ev-active',
      slug: 'ev-active',
      chapterId: w.chapters.active.id,
      startTime: '18:30',
      endTime: '20:00',
      dayOfWeekIndex: 4,
      weeksOfMonthIndexes: '5',
      isSingleDate: false,
      singleDate: null,
      lat: 40.7,
      chapter: {
        id: w.chapters.active.id,
        slug: w.chapters.active.slug,
        displayTitle: 'Greenpoint',
        state: 'NY',
        status: 1,
      },
    });
    const once = chapterEventDetailSchema.parse(
      (await get(t, '/api/chapter_event/slug/ev-once')).json(),
    );
    expect(once).toMatchObject({ isSingleDate: true, singleDate: '2031-05-06' });
  });

  it('is a 404 when missing, or when its chapter is hidden from the caller', async () => {
    expect((await get(t, '/api/chapter_event/slug/nope')).statusCode).toBe(404);
    for (const c of w.callers) {
      const res = await get(t, '/api/chapter_event/slug/ev-hidden', c.cookie);
      expect(res.statusCode, c.kind).toBe(c.seesHidden ? 200 : 404);
      expect((await get(t, '/api/chapter_event/slug/ev-active', c.cookie)).statusCode).toBe(200);
    }
  });
});
