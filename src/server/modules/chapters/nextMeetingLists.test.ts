// A state's list and My Chapters lead each card with the chapter's next meeting (issue 25): the
// first date its events give in its own zone, a date its host skipped left out, and no meeting
// at all for a chapter with nothing planned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEvents } from '../../db/schema';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { myChapterSchema, stateChapterSchema } from '../../../common/schemas/chapters';
import type { EventDates } from '../../../common/schemas/eventDates';

let t: TestApp;
let w: ChapterAdminWorld;
let eventSlug: string;
let quietId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t, { title: 'Greenpoint', state: 'NY' });
  quietId = (await insertChapter(t, { title: 'Quiet Albany', state: 'NY' })).id;
  eventSlug = uniqueSlug('pints');
  await t.db.insert(chapterEvents).values({
    chapterId: w.chapter.id,
    name: 'Pencil Factory',
    slug: eventSlug,
    address1: '142 Franklin St',
    city: 'Brooklyn',
    state: 'NY',
    postalCode: '11222',
    startTime: '19:00',
    endTime: '21:00',
    dayOfWeekIndex: 4,
    weeksOfMonthIndexes: '0',
    // Los Angeles: the chapter meets in that zone, whatever its state's.
    lat: 34.0782,
    lng: -118.2606,
  });
});
afterAll(() => t.close());

async function coming() {
  const res = await send(
    t,
    { method: 'GET', url: `/api/chapter_event/chapter/${w.chapter.id}/dates` },
    w.cookies.host,
  );
  return res.json<EventDates[]>()[0]!.dates.filter((d) => d.status !== 'cancelled');
}

async function stateList() {
  const res = await t.app.inject({ url: '/api/chapters/state/ny' });
  expect(res.statusCode).toBe(200);
  return stateChapterSchema.array().parse(res.json());
}

describe('the next meeting on a chapter’s card', () => {
  it('is its first coming date, in its own zone, on the state’s list', async () => {
    const [first] = await coming();
    const list = await stateList();
    const greenpoint = list.find((c) => c.id === w.chapter.id)!;
    expect(greenpoint.timeZone).toBe('America/Los_Angeles');
    expect(greenpoint.nextEvent).toMatchObject({
      name: 'Pencil Factory',
      date: first!.date,
      startTime: '19:00',
      endTime: '21:00',
      city: 'Brooklyn',
    });
    const quiet = list.find((c) => c.id === quietId)!;
    expect(quiet.nextEvent).toBeNull();
    expect(quiet.timeZone).toBe('America/New_York');
  });

  it('moves on to the following date when a host skips the first', async () => {
    const [first, second] = await coming();
    const res = await send(
      t,
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${eventSlug}/dates/${first!.date}`,
        payload: { status: 'cancelled', note: 'Closed' },
      },
      w.cookies.host,
    );
    expect(res.statusCode, res.body).toBe(200);
    const greenpoint = (await stateList()).find((c) => c.id === w.chapter.id)!;
    expect(greenpoint.nextEvent?.date).toBe(second!.date);
  });

  it('is on the host’s My Chapters too', async () => {
    const [next] = await coming();
    const res = await send(t, { method: 'GET', url: '/api/chapters/my' }, w.cookies.host);
    const mine = myChapterSchema.array().parse(res.json());
    expect(mine.map((c) => [c.id, c.nextEvent?.date, c.timeZone])).toEqual([
      [w.chapter.id, next!.date, 'America/Los_Angeles'],
    ]);
  });
});
