// A state's widget list and frame when the state has many chapters and only a few coming dates:
// the dates are worked out once and kept (nextDatesMemo.ts), so what must hold is that the
// answer is still exactly right: skipped dates out, moved ones at their new time, going counts,
// hidden chapters never; a host's change seen at once, and a date dropping out when it is over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEventExceptions, rsvps, type NewChapterEventRow } from '../../db/schema';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { insertEvent, onDate } from '../../test/eventRows';
import type { EmbedEvents } from '../../../common/schemas/embed';
import { embedEvents, type NextDates } from './service';
import { createDatesMemo } from './nextDatesMemo';

let t: TestApp;
let w: ChapterAdminWorld;
let weekly = '';

/** The UTC date `days` from today: every date here is a few days ahead of the real clock. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An event in Cheyenne (`values` says when). */
const addEvent = (chapterId: number, name: string, values: Partial<NewChapterEventRow>) =>
  insertEvent(t, chapterId, {
    name,
    address1: '1 Capitol Ave',
    city: 'Cheyenne',
    state: 'WY',
    ...values,
  });

const list = async (query: string) => {
  const res = await send(t, { method: 'GET', url: `/api/embed/events?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<EmbedEvents>();
};
const brief = (answer: EmbedEvents) =>
  answer.dates.map((d) => `${d.date} ${d.startTime} ${d.place}`);

beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t, { title: 'Cheyenne', state: 'WY', city: 'Cheyenne' });
  // Many chapters with nothing coming up: meetings long over, or none at all.
  for (let i = 0; i < 40; i += 1) {
    const c = await insertChapter(t, { title: `Past ${i}`, state: 'WY' });
    if (i % 2 === 0) await addEvent(c.id, `Old hall ${i}`, onDate(day(-20 - i)));
  }
  const hidden = await insertChapter(t, { title: 'Secret Laramie', state: 'WY', status: 0 });
  await addEvent(hidden.id, 'Hidden cellar', onDate(day(1)));

  // Every week on the weekday of day(2); that one skipped, the next moved a day later.
  const event = await addEvent(w.chapter.id, 'Weekly Social', {
    dayOfWeekIndex: new Date(`${day(2)}T00:00:00Z`).getUTCDay(),
    weeksOfMonthIndexes: '0',
  });
  weekly = event.slug;
  await t.db.insert(chapterEventExceptions).values([
    { eventId: event.id, date: day(2), note: 'Closed' },
    {
      eventId: event.id,
      date: day(9),
      movedToDate: day(10),
      movedToStartTime: '18:30',
      movedToEndTime: '20:30',
      note: 'A day later',
    },
  ]);
  const swap = await insertChapter(t, { title: 'Casper', state: 'WY' });
  const swapEvent = await addEvent(swap.id, 'Book Swap', onDate(day(4), '18:00', '20:05'));
  await t.db.insert(rsvps).values({
    eventId: swapEvent.id,
    date: day(4),
    name: 'Gus Going',
    email: `${uniqueSlug('gus')}@example.com`,
    guests: 1,
    status: 'going',
    confirmedAt: new Date(),
  });
  const films = await insertChapter(t, { title: 'Laramie', state: 'WY', chapterTypeId: 2 });
  await addEvent(films.id, 'Film Night', onDate(day(9), '20:00', '22:00'));
});
afterAll(() => t.close());

describe("a state's next dates among many chapters", () => {
  it('lists the few coming dates, skipped out, moved at the new time, with going counts, never a hidden one', async () => {
    const answer = await list('state=wy&limit=5');
    expect(brief(answer)).toEqual([
      `${day(4)} 18:00 Book Swap`,
      `${day(9)} 20:00 Film Night`,
      `${day(10)} 18:30 Weekly Social`,
      `${day(16)} 19:00 Weekly Social`,
      `${day(23)} 19:00 Weekly Social`,
    ]);
    expect(answer.dates[0]!.going).toBe(2);
    expect(answer.dates[2]!.movedFrom).toBe(day(9));
    expect(answer.dates.filter((d) => d.going !== undefined)).toHaveLength(1);
    // A smaller limit is the start of the same list; the frame draws the same dates.
    expect(brief(await list('state=WY&limit=2'))).toEqual(brief(answer).slice(0, 2));
    expect(brief(await list('state=wy&type=screening'))).toEqual([`${day(9)} 20:00 Film Night`]);
    const frame = await send(t, { method: 'GET', url: '/embed/state/wy' });
    expect(frame.body).toContain('Book Swap');
    expect(frame.body).not.toContain('Hidden cellar');
  });

  it('drops a date the moment it is over, however recently the dates were worked out', async () => {
    const memo = createDatesMemo<NextDates>();
    const at = (iso: string) =>
      embedEvents(t.db, { state: 'WY', limit: 2 }, t.app.config.publicUrl, new Date(iso), memo);
    // The Book Swap ends at 20:05 in Cheyenne (UTC-7 in winter, UTC-6 in summer).
    const swap = (await at(new Date().toISOString())).dates[0]!;
    const end = Date.parse(swap.start) + 125 * 60_000;
    const before = await at(new Date(end - 2 * 60_000).toISOString());
    expect(before.dates.map((d) => d.place)).toEqual(['Book Swap', 'Film Night']);
    const after = await at(new Date(end + 60_000).toISOString());
    expect(after.dates.map((d) => d.place)).toEqual(['Film Night', 'Weekly Social']);
  });

  it("shows a host's change to a date at once, though the state's dates are kept", async () => {
    expect(brief(await list('state=wy&limit=3'))[2]).toBe(`${day(10)} 18:30 Weekly Social`);
    const skip = await send(
      t,
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${weekly}/dates/${day(9)}`,
        payload: { status: 'cancelled', note: 'Closed after all' },
      },
      w.cookies.host,
    );
    expect(skip.statusCode).toBe(200);
    expect(brief(await list('state=wy&limit=3'))).toEqual([
      `${day(4)} 18:00 Book Swap`,
      `${day(9)} 20:00 Film Night`,
      `${day(16)} 19:00 Weekly Social`,
    ]);
  });
});
