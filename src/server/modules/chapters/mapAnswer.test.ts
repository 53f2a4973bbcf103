// GET /api/chapters/map: the home map's pins. Every active chapter with a coming meeting that
// has a place, where that meeting is, and nothing of hidden chapters; kept ready on every app
// server and built again after a save on any of them (LISTEN/NOTIFY: on PostgreSQL with
// TEST_DATABASE_URL, on the shared PGlite instance without).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { chapterEvents } from '../../db/schema';
import { nextAnswerNotice } from '../../caching/answerCache';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
} from '../../test/chapterAdminWorld';
import type { ChapterRow, NewChapterEventRow } from '../../db/schema';
import { decodeChapterMap, encodeChapterMap } from '../../../common/chapterMap';
import { chapterMapSchema, type ChapterMapPin } from '../../../common/schemas/chapterMap';
import { activeChapterSchema } from '../../../common/schemas/chapters';
import { keepMapAnswer, loadMapPins } from './mapAnswer';
import { mapAnswerOf } from './mapRoutes';

let t: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: ChapterAdminWorld;
const c: Record<string, ChapterRow> = {};

type App = typeof second;

async function addEvent(chapter: ChapterRow, values: Partial<NewChapterEventRow>) {
  await t.db.insert(chapterEvents).values({
    chapterId: chapter.id,
    name: 'The Local',
    slug: uniqueSlug('event'),
    address1: '1 Main St',
    city: chapter.city,
    state: chapter.state,
    lat: 40.7128,
    lng: -74.006,
    startTime: '19:00',
    endTime: '21:00',
    dayOfWeekIndex: 4,
    weeksOfMonthIndexes: '0',
    isSingleDate: false,
    ...values,
  });
}

async function pinsOf(app: App): Promise<ChapterMapPin[]> {
  const res = await app.inject({ url: '/api/chapters/map' });
  expect(res.statusCode).toBe(200);
  return decodeChapterMap(chapterMapSchema.parse(res.json()));
}

/** Resolves when `app` hears a notice that names the chapter lists (older notices may come first). */
async function heardChaptersChange(app: App): Promise<void> {
  for (;;) {
    const things = await nextAnswerNotice(app);
    if (things.includes('chapters') || things.includes('*')) return;
  }
}

const byId = (pins: ChapterMapPin[]) => new Map(pins.map((p) => [p.id, p]));

beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp({ config: t.config, db: t.db, notices: t.database.notices });
  await Promise.all([t.app.ready(), second.ready()]);
  w = await createChapterAdminWorld(t, { title: 'Greenpoint', city: 'Brooklyn', chapterTypeId: 2 });
  c.weekly = w.chapter;
  c.untitled = await insertChapter(t, {
    title: '',
    city: 'Pittsburgh',
    state: 'PA',
    chapterTypeId: 6,
  });
  c.hidden = await insertChapter(t, { title: 'Hidden', status: 0 });
  c.paused = await insertChapter(t, { title: 'Paused', status: 2 });
  c.eventless = await insertChapter(t, { title: 'Eventless' });
  c.pastOnly = await insertChapter(t, { title: 'Past only' });
  c.nowhere = await insertChapter(t, { title: 'Nowhere' });
  await addEvent(c.weekly, {});
  await addEvent(c.untitled, { lat: 40.44062, lng: -79.99589 });
  // Two places: the pin stands where the sooner one meets (a date far ahead is never sooner).
  await addEvent(c.untitled, { lat: 41, lng: -80, isSingleDate: true, singleDate: '2090-01-01' });
  await addEvent(c.hidden, {});
  await addEvent(c.paused, {});
  await addEvent(c.pastOnly, { isSingleDate: true, singleDate: '2020-01-01' });
  await addEvent(c.nowhere, { lat: 0, lng: 0 });
  // Rows written straight to the database announce nothing: build again by hand, as a save would.
  for (const app of [t.app, second]) {
    mapAnswerOf(app).rebuild();
    await mapAnswerOf(app).settled();
  }
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('GET /api/chapters/map', () => {
  it('has a pin for every visible chapter with a placed meeting ahead, and nothing else', async () => {
    const pins = byId(await pinsOf(t.app));
    expect(pins.get(c.weekly!.id)).toEqual({
      id: c.weekly!.id,
      lat: 40.7128,
      lng: -74.006,
      chapterTypeId: 2,
      typeName: 'Screening',
      displayTitle: 'Greenpoint',
    });
    // No title: the city names it, as everywhere; the pin is at the sooner meeting's place.
    expect(pins.get(c.untitled!.id)).toMatchObject({
      lat: 40.4406,
      lng: -79.9959,
      chapterTypeId: 6,
      typeName: 'Reading',
      displayTitle: 'Pittsburgh',
    });
    for (const name of ['hidden', 'paused', 'eventless', 'pastOnly', 'nowhere']) {
      expect(pins.has(c[name]!.id), name).toBe(false);
    }
    // The same chapters the spec's GET /api/chapters/active puts on the map.
    const active = (await t.app.inject({ url: '/api/chapters/active' })).json<unknown[]>();
    const onMap = active
      .map((a) => activeChapterSchema.parse(a))
      .filter((a) => a.nextEvent && (a.nextEvent.lat !== 0 || a.nextEvent.lng !== 0));
    expect([...pins.keys()].sort()).toEqual(onMap.map((a) => a.id).sort());
  });

  it('are read a few chapters at a time, and every page gives the same pins', async () => {
    const now = new Date();
    const whole = await loadMapPins(t.db, now);
    expect(whole.map((p) => p.id)).toEqual(expect.arrayContaining([c.weekly!.id, c.untitled!.id]));
    for (const pageSize of [1, 2, 3]) {
      expect(await loadMapPins(t.db, now, pageSize), `pages of ${pageSize}`).toEqual(whole);
    }
  });

  it('is the same answer for everyone, gzipped and revalidated by its ETag', async () => {
    const res = await t.app.inject({
      url: '/api/chapters/map',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await t.app.inject({
      url: '/api/chapters/map',
      headers: { 'if-none-match': String(res.headers.etag), cookie: w.cookies.admin! },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows a save made on another app server once that server has built it again', async () => {
    const before = byId(await pinsOf(second));
    expect(before.get(c.weekly!.id)?.displayTitle).toBe('Greenpoint');
    const heard = heardChaptersChange(second);
    const saved = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter',
        payload: { id: c.weekly!.id, title: 'Greenpoint Renamed', chapterTypeId: 5 },
      },
      w.cookies.admin,
    );
    expect(saved.statusCode).toBe(200);
    await heard;
    await mapAnswerOf(second).settled();
    expect(byId(await pinsOf(second)).get(c.weekly!.id)).toMatchObject({
      displayTitle: 'Greenpoint Renamed',
      chapterTypeId: 5,
      typeName: 'Dining',
    });

    // Hidden by its field organizer: off the map of both servers.
    const hiding = heardChaptersChange(second);
    const hidden = await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: c.weekly!.id, status: 0 } },
      w.cookies.fieldOrganizer,
    );
    expect(hidden.statusCode).toBe(200);
    await hiding;
    for (const app of [t.app, second]) {
      await mapAnswerOf(app).settled();
      expect(byId(await pinsOf(app)).has(c.weekly!.id)).toBe(false);
    }
  });
});

describe('the map encoding', () => {
  it('gives back every pin it was given, to the metre', () => {
    const pins: ChapterMapPin[] = Array.from({ length: 500 }, (_, i) => ({
      id: 1 + i * 977,
      lat: -60 + ((i * 37) % 1200) / 10 + 0.12344,
      lng: -179 + ((i * 53) % 3580) / 10 + 0.56789,
      chapterTypeId: (i % 6) + 1,
      typeName: `Type ${(i % 6) + 1}`,
      displayTitle: i % 7 === 0 ? '' : `Town ${i % 40}${i % 3 ? ' North' : ''}\n${i}`,
    }));
    const decoded = decodeChapterMap(chapterMapSchema.parse(encodeChapterMap(pins)));
    expect(decoded).toHaveLength(pins.length);
    const got = byId(decoded);
    for (const p of pins) {
      const d = got.get(p.id)!;
      expect(d).toMatchObject({
        chapterTypeId: p.chapterTypeId,
        typeName: p.typeName,
        displayTitle: p.displayTitle.replace('\n', ' '),
      });
      expect(Math.abs(d.lat - p.lat)).toBeLessThanOrEqual(0.00005);
      expect(Math.abs(d.lng - p.lng)).toBeLessThanOrEqual(0.00005);
    }
  });

  it('has no pins for a network with none on the map', () => {
    expect(decodeChapterMap(chapterMapSchema.parse(encodeChapterMap([])))).toEqual([]);
  });
});

describe('the kept answer', () => {
  const pin = (displayTitle: string): ChapterMapPin => ({
    id: 1,
    lat: 40,
    lng: -74,
    chapterTypeId: 1,
    typeName: 'Drinking',
    displayTitle,
  });
  const titleOf = (json: string) =>
    decodeChapterMap(chapterMapSchema.parse(JSON.parse(json)))[0]?.displayTitle;

  it('is served while the next is built, and a change during a build is built after it', async () => {
    const builds: { resolve: (title: string) => void }[] = [];
    const keeper = keepMapAnswer({
      build: () =>
        new Promise((resolve) =>
          builds.push({ resolve: (title) => resolve(encodeChapterMap([pin(title)])) }),
        ),
      log: t.app.log,
      refreshMs: 0,
      checked: true,
    });
    keeper.start();
    const first = keeper.current();
    builds[0]!.resolve('First');
    expect(titleOf((await first).body)).toBe('First');

    keeper.rebuild();
    // Asked again while that build runs: one more build follows, not one per ask.
    keeper.rebuild();
    keeper.rebuild();
    expect(titleOf((await keeper.current()).body)).toBe('First');
    builds[1]!.resolve('Second');
    // The second answer is made (its gzip in the thread pool), then the third build starts.
    // (Waited for, not timed: vi.waitFor's own second is a guess a loaded machine can miss.)
    await vi.waitFor(() => expect(builds).toHaveLength(3), { timeout: 30_000 });
    expect(titleOf((await keeper.current()).body)).toBe('Second');
    builds[2]!.resolve('Third');
    await keeper.settled();
    expect(builds).toHaveLength(3);
    expect(titleOf((await keeper.current()).body)).toBe('Third');
    await keeper.stop();
  });
});
