// A state's map frame among many chapters: each chapter's pin (its next meeting's place and text,
// or its first event's place when nothing is coming) is worked out once and kept
// (nextDatesMemo.ts), so what must hold is that the kept page is the page a fresh build gives at
// the same moment: after a host skips, moves or adds a meeting, and when a meeting is over.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chapterEvents } from '../../db/schema';
import { onAnswersForgotten } from '../../caching/answerCache';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { insertEvent, onDate } from '../../test/eventRows';
import { mapFrame, type MapPinData, type StatePins } from './mapFrame';
import { createDatesMemo, type DatesMemo } from './nextDatesMemo';

/** Tuesday 4 March 2031, 8am in Cheyenne (UTC-7): the tests' "now". */
const NOW = new Date('2031-03-04T15:00:00Z');
const CHEYENNE = { lat: 41.14, lng: -104.82 };
const CASPER = { lat: 42.85, lng: -106.31 };
const OLD_HALL = { lat: 42.5, lng: -105.5 };

let t: TestApp;
let w: ChapterAdminWorld;
let weekly = '';
let rawlinsId = 0;
/** The memo a server keeps, told of every change as the route's is. */
let memo: DatesMemo<StatePins>;

const site = () => ({ publicUrl: t.app.config.publicUrl, ...t.app.config.map });
const WY = { state: 'WY' as const };
const kept = (at: Date) => mapFrame(t.db, WY, site(), at, memo);
const fresh = (at: Date) => mapFrame(t.db, WY, site(), at);

const pinsOf = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="pins">([^<]*)<\/script>/.exec(html)![1]!,
  ) as MapPinData[];
/** Each pin as "title: lat,lng: next", by title. */
const brief = (html: string) =>
  pinsOf(html)
    .map((p) => `${p.title}: ${p.lat},${p.lng}: ${p.next ?? '-'}`)
    .sort();

/** The kept page at `at`, checked to be the fresh one, as pins. */
async function keptAndFresh(at: Date) {
  const [k, f] = await Promise.all([kept(at), fresh(at)]);
  expect(k.html).toBe(f.html);
  return brief(k.html);
}

const pinOf = (pins: string[], title: string) => pins.find((p) => p.startsWith(`${title}:`));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await createTestApp();
  memo = createDatesMemo<StatePins>();
  onAnswersForgotten(t.app, memo);
  w = await createChapterAdminWorld(t, { title: 'Cheyenne', state: 'WY', city: 'Cheyenne' });
  // Many chapters with nothing coming up: meetings long over, or none at all.
  for (let i = 0; i < 20; i += 1) {
    const c = await insertChapter(t, { title: `Past ${i}`, state: 'WY' });
    if (i % 2 === 0) await insertEvent(t, c.id, { ...onDate('2031-01-10'), ...OLD_HALL });
  }
  rawlinsId = (await insertChapter(t, { title: 'Rawlins', state: 'WY' })).id;
  const hidden = await insertChapter(t, { title: 'Secret Laramie', state: 'WY', status: 0 });
  await insertEvent(t, hidden.id, { name: 'Hidden cellar', ...onDate('2031-03-05'), ...CASPER });
  // Thursdays at 7pm; Casper's Book Swap once, after a meeting long over somewhere else.
  weekly = (
    await insertEvent(t, w.chapter.id, {
      name: 'Weekly Social',
      dayOfWeekIndex: 4,
      weeksOfMonthIndexes: '0',
      ...CHEYENNE,
    })
  ).slug;
  const casper = await insertChapter(t, { title: 'Casper', state: 'WY' });
  await insertEvent(t, casper.id, { name: 'Old Hall', ...onDate('2031-01-07'), ...OLD_HALL });
  await insertEvent(t, casper.id, {
    name: 'Book Swap',
    ...onDate('2031-03-05', '18:00', '20:05'),
    ...CASPER,
  });
});
afterAll(async () => {
  // The real clock first: on PostgreSQL, closing under the set clock never finished.
  vi.useRealTimers();
  await t.close();
});

describe("a state's map pins, kept between builds", () => {
  it('pins each chapter at its next meeting, or its first event when none is coming; never a hidden one', async () => {
    const pins = await keptAndFresh(NOW);
    expect(pinOf(pins, 'Drinking Liberally Cheyenne')).toBe(
      'Drinking Liberally Cheyenne: 41.14,-104.82: Thu, Mar 6 · 7:00pm at Weekly Social',
    );
    expect(pinOf(pins, 'Drinking Liberally Casper')).toBe(
      'Drinking Liberally Casper: 42.85,-106.31: Wed, Mar 5 · 6:00pm at Book Swap',
    );
    expect(pinOf(pins, 'Drinking Liberally Past 0')).toBe(
      'Drinking Liberally Past 0: 42.5,-105.5: -',
    );
    expect(pinOf(pins, 'Drinking Liberally Past 1')).toBeUndefined();
    expect(pins.join('\n')).not.toContain('Laramie');
    // The route's page is the same page.
    const res = await send(t, { method: 'GET', url: '/embed/map?state=wy' });
    expect(res.statusCode).toBe(200);
    expect(brief(res.body)).toEqual(pins);
  });

  it('keeps the pins until the next quarter hour when nothing announces a change', async () => {
    await keptAndFresh(NOW);
    // Written past the app (no notice): the kept pins do not see it until they may have aged.
    const [quiet] = await t.db
      .insert(chapterEvents)
      .values({
        chapterId: rawlinsId,
        name: 'Unannounced',
        slug: `unannounced-${Date.now()}`,
        address1: '1 Main St',
        city: 'Rawlins',
        state: 'WY',
        ...onDate('2031-03-20'),
        ...CASPER,
      })
      .returning();
    const minuteOn = new Date(NOW.getTime() + 60_000);
    expect(brief((await kept(minuteOn)).html)).not.toEqual(brief((await fresh(minuteOn)).html));
    expect(
      pinOf(await keptAndFresh(new Date('2031-03-04T15:15:00Z')), 'Drinking Liberally Rawlins'),
    ).toContain('Unannounced');
    await t.db.delete(chapterEvents).where(eq(chapterEvents.id, quiet!.id));
    memo.clear();
  });

  it('moves a pin at once when a host skips or moves its meeting, or adds one', async () => {
    await keptAndFresh(NOW);
    const skip = await send(
      t,
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${weekly}/dates/2031-03-06`,
        payload: { status: 'cancelled', note: 'Closed' },
      },
      w.cookies.host,
    );
    expect(skip.statusCode).toBe(200);
    expect(pinOf(await keptAndFresh(NOW), 'Drinking Liberally Cheyenne')).toBe(
      'Drinking Liberally Cheyenne: 41.14,-104.82: Thu, Mar 13 · 7:00pm at Weekly Social',
    );

    const move = await send(
      t,
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${weekly}/dates/2031-03-13`,
        payload: {
          status: 'moved',
          note: 'A day later',
          movedTo: { date: '2031-03-14', startTime: '18:30', endTime: '20:30' },
        },
      },
      w.cookies.host,
    );
    expect(move.statusCode).toBe(200);
    expect(pinOf(await keptAndFresh(NOW), 'Drinking Liberally Cheyenne')).toBe(
      'Drinking Liberally Cheyenne: 41.14,-104.82: Fri, Mar 14 · 6:30pm at Weekly Social',
    );

    expect(pinOf(await keptAndFresh(NOW), 'Drinking Liberally Rawlins')).toBeUndefined();
    const added = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter_event',
        payload: {
          chapterId: rawlinsId,
          name: 'Depot Pub',
          description: '',
          address1: '1 Front St',
          address2: '',
          city: 'Cheyenne',
          state: 'WY',
          postalCode: '82001',
          country: 'US',
          startTime: '19:00',
          endTime: '21:00',
          isSingleDate: true,
          singleDate: '2031-03-11',
          dayOfWeekIndex: 2,
        },
      },
      w.cookies.admin,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(pinOf(await keptAndFresh(NOW), 'Drinking Liberally Rawlins')).toMatch(
      /^Drinking Liberally Rawlins: [\d.]+,-[\d.]+: Tue, Mar 11 · 7:00pm at Depot Pub$/,
    );
  });

  it('moves a pin the moment its meeting is over, however recently the pins were worked out', async () => {
    // The Book Swap ends at 8:05pm in Casper on 5 March: 03:05 UTC on the 6th (UTC-7).
    const end = Date.parse('2031-03-06T03:05:00Z');
    expect(pinOf(await keptAndFresh(new Date(end - 2 * 60_000)), 'Drinking Liberally Casper')).toBe(
      'Drinking Liberally Casper: 42.85,-106.31: Wed, Mar 5 · 6:00pm at Book Swap',
    );
    expect(pinOf(await keptAndFresh(new Date(end + 60_000)), 'Drinking Liberally Casper')).toBe(
      'Drinking Liberally Casper: 42.5,-105.5: -',
    );
  });
});
