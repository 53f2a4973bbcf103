// A chapter's .ics feed and one event's from the answer cache: a visitor's calendar is kept on
// each app server until a write on any of them changes what it shows (the chapter, any of its
// events, a date skipped), sent as the download it always was, and a hidden chapter's calendar
// is a 404 to visitors whoever read it before. The cache lasts an hour here: a change seen below
// came from a notice (LISTEN/NOTIFY), not from the TTL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { chapterEvents } from '../../db/schema';
import { createTwoAppServers } from '../../test/app';
import {
  createChapterAdminWorld,
  send,
  uniqueSlug,
  type ApiRequest,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import type { EventDates } from '../../../common/schemas/eventDates';

let t: TestApp;
let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: ChapterAdminWorld;
/** The chapter's first placed event, in Los Angeles: it sets the (New York) chapter's zone. */
let placed: string;
/** An event with no place of its own, written in the chapter's zone. */
let unplaced: string;

const event = (name: string, place: { lat: number; lng: number }) => ({
  chapterId: w.chapter.id,
  name,
  slug: uniqueSlug('pints'),
  address1: '',
  city: '',
  state: 'NY',
  startTime: '18:00',
  endTime: '20:00',
  dayOfWeekIndex: 4,
  weeksOfMonthIndexes: '0',
  ...place,
});

beforeAll(async () => {
  servers = await createTwoAppServers();
  ({ t, second } = servers);
  w = await createChapterAdminWorld(t, { title: 'Greenpoint', state: 'NY' });
  const [a, b] = await t.db
    .insert(chapterEvents)
    .values([
      event('Echo Park Lounge', { lat: 34.0782, lng: -118.2606 }),
      event('Pencil Factory', { lat: 0, lng: 0 }),
    ])
    .returning();
  placed = a!.slug;
  unplaced = b!.slug;
});
afterAll(() => servers.close());

const feedUrl = () => `/api/chapter_calendar/${w.chapter.slug}/events.ics`;
const eventUrl = (slug: string) => `/api/chapter_calendar/event/${slug}/event.ics`;

/** A read on the second server (no cookie: a visitor, as calendar apps are). */
const visit = (url: string, headers: Record<string, string> = {}) =>
  second.inject({ url, headers });

/** A write on the first server, once the second has heard of it. */
async function write(request: ApiRequest, cookie: string | undefined) {
  const res = await servers.writeHeard(request, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

describe('a chapter’s calendar read by visitors', () => {
  it('is the download it was, kept, and revalidated by its ETag', async () => {
    const res = await visit(feedUrl(), { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${w.chapter.slug}.ics"`);
    expect(res.headers['cache-control']).toBe('public, max-age=900');
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await visit(feedUrl());
    expect(plain.body).toContain('SUMMARY:Drinking Liberally Greenpoint at Pencil Factory');
    const again = await visit(feedUrl(), { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Written behind the app's back: only a kept answer still shows the old name.
    await t.db
      .update(chapterEvents)
      .set({ name: 'Not announced' })
      .where(eq(chapterEvents.slug, unplaced));
    expect((await visit(feedUrl())).body).toBe(plain.body);
    await t.db
      .update(chapterEvents)
      .set({ name: 'Pencil Factory' })
      .where(eq(chapterEvents.slug, unplaced));
  });

  it('shows a date a host skipped on another server, in the feed and the event’s own', async () => {
    const hostDates = await send(
      t,
      { method: 'GET', url: `/api/chapter_event/chapter/${w.chapter.id}/dates` },
      w.cookies.host,
    );
    const date = hostDates.json<EventDates[]>().find((e) => e.slug === unplaced)!.dates[2]!.date;
    const exdate = `EXDATE;TZID=America/Los_Angeles:${date.replaceAll('-', '')}T180000`;
    expect((await visit(feedUrl())).body).not.toContain(exdate);
    expect((await visit(eventUrl(unplaced))).body).not.toContain(exdate);

    await write(
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${unplaced}/dates/${date}`,
        payload: { status: 'cancelled', note: '' },
      },
      w.cookies.host,
    );
    expect((await visit(feedUrl())).body).toContain(exdate);
    expect((await visit(eventUrl(unplaced))).body).toContain(exdate);
  });

  it('shows the chapter renamed', async () => {
    expect((await visit(eventUrl(unplaced))).body).toContain('Drinking Liberally Greenpoint:');
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, title: 'Williamsburg' } },
      w.cookies.fieldOrganizer,
    );
    expect((await visit(feedUrl())).body).toContain('X-WR-CALNAME:Drinking Liberally Williamsburg');
    expect((await visit(eventUrl(unplaced))).body).toContain('Drinking Liberally Williamsburg:');
  });

  it('of one event follows the zone another event of the chapter set, once that one is deleted', async () => {
    expect((await visit(eventUrl(unplaced))).body).toContain('TZID:America/Los_Angeles');
    await write({ method: 'DELETE', url: `/api/chapter_event/slug/${placed}` }, w.cookies.host);
    const after = (await visit(eventUrl(unplaced))).body;
    expect(after).toContain('TZID:America/New_York');
    expect(after).not.toContain('America/Los_Angeles');
    expect((await visit(feedUrl())).body).not.toContain('Echo Park Lounge');
  });

  it('is the visitors’ answer for a signed-in user whose roles change nothing in it', async () => {
    const visitor = await visit(feedUrl());
    for (const cookie of [w.cookies.noRole, w.cookies.otherHost, w.cookies.host, w.cookies.admin]) {
      const res = await visit(feedUrl(), { cookie: cookie! });
      expect(res.headers.etag).toBe(visitor.headers.etag);
      expect(res.body).toBe(visitor.body);
    }
  });
});

describe('the calendars of a chapter that is hidden', () => {
  it('are a 404 to visitors, even after its hosts downloaded them', async () => {
    const urls = [feedUrl(), eventUrl(unplaced)];
    for (const url of urls) expect((await visit(url)).statusCode).toBe(200);
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, status: 0 } },
      w.cookies.admin,
    );
    for (const url of urls) {
      expect((await visit(url)).statusCode, url).toBe(404);
      for (const cookie of [w.cookies.host, w.cookies.admin]) {
        const host = await visit(url, { cookie: cookie! });
        expect(host.statusCode, url).toBe(200);
        expect(host.headers['content-type']).toBe('text/calendar; charset=utf-8');
        expect(host.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
        // Built for this caller: no shared cache may keep it.
        expect(host.headers['cache-control']).toBe('private, no-cache');
        expect(host.body).toContain('BEGIN:VCALENDAR');
      }
      const visitor = await visit(url);
      expect(visitor.statusCode, url).toBe(404);
      expect(visitor.headers['content-disposition']).toBeUndefined();
      expect((await visit(url, { cookie: w.cookies.noRole! })).statusCode).toBe(404);
    }
  });
});
