// The feeds of many chapters: a state's and the network's, of every chapter type or one. Read
// with ical.js (an independent parser), they hold the active chapters of that state or type
// only, each event in its chapter's zone and its text escaped, and a subscriber's feed is kept
// on each app server until a write on any of them changes what it shows (answers kept an hour:
// a change seen on the second server came from a notice, not the TTL).
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { chapterEvents, chapters } from '../../db/schema';
import { createTwoAppServers } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ApiRequest,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import type { ChapterRow } from '../../db/schema';
import type { EventDates } from '../../../common/schemas/eventDates';

for (const name of ['name', 'x-wr-calname']) {
  ICAL.design.icalendar.property[name] = { defaultType: 'text' };
}

let t: TestApp;
let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: ChapterAdminWorld;
/** Brooklyn, Drinking: w.chapter. Oakland, Drinking: w.other (CA). */
let screening: ChapterRow;
let hidden: ChapterRow;
const slugs = { brooklyn: '', oakland: '', screening: '', hidden: '' };
/** Text a host typed, with every character iCalendar TEXT escapes. */
const HOSTILE = 'Bar, Grill; "Back\\room"\nUpstairs';

async function addEvent(chapterId: number, name: string, at: { lat: number; lng: number }) {
  const slug = uniqueSlug('night');
  await t.db.insert(chapterEvents).values({
    chapterId,
    name,
    slug,
    address1: '1 Main St',
    city: '',
    state: '',
    startTime: '19:00',
    endTime: '21:00',
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: '0',
    ...at,
  });
  return slug;
}

const BROOKLYN = { lat: 40.7272, lng: -73.9545 };
const OAKLAND = { lat: 37.8044, lng: -122.2712 };

beforeAll(async () => {
  servers = await createTwoAppServers();
  ({ t, second } = servers);
  w = await createChapterAdminWorld(t, { title: 'Greenpoint', state: 'NY' });
  screening = await insertChapter(t, {
    title: 'Astoria',
    state: 'NY',
    chapterTypeId: 2,
    emailAlias: uniqueSlug('astoria'),
  });
  hidden = await insertChapter(t, {
    title: 'Secret Bushwick',
    state: 'NY',
    status: 0,
    emailAlias: uniqueSlug('bushwick'),
  });
  slugs.brooklyn = await addEvent(w.chapter.id, 'Pencil Factory', BROOKLYN);
  slugs.oakland = await addEvent(w.other.id, 'Telegraph Taproom', OAKLAND);
  slugs.screening = await addEvent(screening.id, HOSTILE, BROOKLYN);
  slugs.hidden = await addEvent(hidden.id, 'Speakeasy', BROOKLYN);
});
afterAll(() => servers.close());

/** A read on the second server (no cookie: a visitor, as calendar apps are). */
const visit = (url: string, headers: Record<string, string> = {}) =>
  second.inject({ url, headers });

async function write(request: ApiRequest, cookie: string | undefined) {
  const res = await servers.writeHeard(request, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

interface FeedEvent {
  summary: string;
  location: string;
  tzid: string;
  url: string;
}

/** The feed at `url` as ical.js reads it: its name and its events. */
async function feed(url: string) {
  const res = await visit(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const root = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
  const zones = root.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
  const events: FeedEvent[] = root.getAllSubcomponents('vevent').map((v) => ({
    summary: String(v.getFirstPropertyValue('summary')),
    location: String(v.getFirstPropertyValue('location')),
    tzid: String(v.getFirstProperty('dtstart')!.getParameter('tzid')),
    url: String(v.getFirstPropertyValue('url')),
  }));
  return { res, name: String(root.getFirstPropertyValue('x-wr-calname')), zones, events };
}

const summaries = (events: FeedEvent[]) => events.map((e) => e.summary).sort();
const stateFeed = (state: string, query = '') =>
  `/api/chapter_calendar/state/${state}/events.ics${query}`;
const allFeed = (query = '') => `/api/chapter_calendar/all/events.ics${query}`;

describe('a state’s feed', () => {
  it('holds the active chapters of the state, each event in its chapter’s zone', async () => {
    const { res, name, zones, events } = await feed(stateFeed('ny'));
    expect(res.headers['content-disposition']).toBe('attachment; filename="ny.ics"');
    expect(res.headers['cache-control']).toBe('public, max-age=900');
    expect(name).toBe('Living Liberally in New York');
    expect(summaries(events)).toEqual([
      'Drinking Liberally Greenpoint at Pencil Factory',
      `Screening Liberally Astoria at ${HOSTILE}`,
    ]);
    expect(events.every((e) => e.tzid === 'America/New_York')).toBe(true);
    expect(zones).toEqual(['America/New_York']);
    expect(events.map((e) => e.url).sort()).toEqual(
      [w.chapter.slug, screening.slug].map((s) => `${t.config.publicUrl}/chapter/ny/${s}`).sort(),
    );
  });

  it('keeps a host’s text as text: escaped, one line per property', async () => {
    const { res, events } = await feed(stateFeed('NY'));
    expect(res.body).toContain('Bar\\, Grill\\; "Back\\\\room"\\nUpstairs');
    expect(events.find((e) => e.summary.startsWith('Screening'))!.location).toBe(
      `${HOSTILE}\n1 Main St`,
    );
  });

  it('of one chapter type holds that type’s chapters only', async () => {
    const { name, events } = await feed(stateFeed('ny', '?type=2'));
    expect(name).toBe('Screening Liberally in New York');
    expect(summaries(events)).toEqual([`Screening Liberally Astoria at ${HOSTILE}`]);
    expect((await feed(stateFeed('ny', '?type=3'))).events).toEqual([]);
  });

  it('is a 404 for a state not in the directory, a 400 naming the field for a malformed one', async () => {
    const unknown = await visit(stateFeed('zz'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'No state ZZ in the directory.' });
    for (const bad of ['n1', 'newyork', '%20']) {
      const res = await visit(stateFeed(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ field: 'params.state' }] });
    }
  });

  it('is a 400 naming ?type= for a type that is not one', async () => {
    for (const query of ['?type=9', '?type=0', '?type=drinking', '?type=1.5', '?type=']) {
      for (const url of [stateFeed('ny', query), allFeed(query)]) {
        const res = await visit(url);
        expect(res.statusCode, url).toBe(400);
        const body = res.json<{ message: string; fields: { field: string; message: string }[] }>();
        expect(body.fields[0]!.field).toBe('querystring.type');
        expect(body.fields[0]!.message).toMatch(/chapter type id/);
      }
    }
  });
});

describe('the network’s feed', () => {
  it('holds every active chapter, each in its own zone', async () => {
    const { res, name, zones, events } = await feed(allFeed());
    expect(res.headers['content-disposition']).toBe('attachment; filename="all.ics"');
    expect(name).toBe('Living Liberally: every chapter');
    expect(summaries(events)).toEqual([
      'Drinking Liberally Greenpoint at Pencil Factory',
      'Drinking Liberally Oakland at Telegraph Taproom',
      `Screening Liberally Astoria at ${HOSTILE}`,
    ]);
    const oakland = events.find((e) => e.summary.includes('Oakland'))!;
    expect(oakland.tzid).toBe('America/Los_Angeles');
    expect(zones.sort()).toEqual(['America/Los_Angeles', 'America/New_York']);
  });

  it('of one type holds that type only', async () => {
    const { name, events } = await feed(allFeed('?type=1'));
    expect(name).toBe('Drinking Liberally: every chapter');
    expect(summaries(events)).toEqual([
      'Drinking Liberally Greenpoint at Pencil Factory',
      'Drinking Liberally Oakland at Telegraph Taproom',
    ]);
  });
});

describe('feeds kept for subscribers', () => {
  it('are the same answer for visitors and for signed-in callers of any role', async () => {
    for (const url of [stateFeed('ny'), allFeed()]) {
      const visitor = await visit(url);
      for (const cookie of [w.cookies.noRole, w.cookies.host, w.cookies.admin]) {
        const res = await visit(url, { cookie: cookie! });
        expect(res.headers.etag).toBe(visitor.headers.etag);
        // The hidden chapter's hosts and admins read it in its own feed, not here.
        expect(res.body).not.toContain('Speakeasy');
      }
    }
  });

  it('are kept: a change behind the app’s back is not seen', async () => {
    const before = (await visit(stateFeed('ny'))).body;
    await t.db.update(chapters).set({ title: 'Quietly' }).where(eq(chapters.id, w.chapter.id));
    expect((await visit(stateFeed('ny'))).body).toBe(before);
    await t.db.update(chapters).set({ title: 'Greenpoint' }).where(eq(chapters.id, w.chapter.id));
  });

  it('show a chapter renamed on another server', async () => {
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, title: 'Williamsburg' } },
      w.cookies.fieldOrganizer,
    );
    for (const url of [stateFeed('ny'), stateFeed('ny', '?type=1'), allFeed()]) {
      const { events } = await feed(url);
      expect(summaries(events), url).toContain('Drinking Liberally Williamsburg at Pencil Factory');
    }
  });

  it('show a date a host skipped', async () => {
    const dates = await send(
      t,
      { method: 'GET', url: `/api/chapter_event/chapter/${w.chapter.id}/dates` },
      w.cookies.host,
    );
    const date = dates.json<EventDates[]>().find((e) => e.slug === slugs.brooklyn)!.dates[1]!.date;
    const exdate = `EXDATE;TZID=America/New_York:${date.replaceAll('-', '')}T190000`;
    expect((await visit(stateFeed('ny'))).body).not.toContain(exdate);
    await write(
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${slugs.brooklyn}/dates/${date}`,
        payload: { status: 'cancelled', note: '' },
      },
      w.cookies.host,
    );
    expect((await visit(stateFeed('ny'))).body).toContain(exdate);
    expect((await visit(allFeed())).body).toContain(exdate);
  });

  it('gain a chapter made active, and a chapter that moved into the state', async () => {
    await feed(stateFeed('ny'));
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: hidden.id, status: 1 } },
      w.cookies.admin,
    );
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: w.other.id, state: 'NY' } },
      w.cookies.admin,
    );
    const { events } = await feed(stateFeed('ny'));
    expect(summaries(events)).toEqual(
      expect.arrayContaining([
        'Drinking Liberally Secret Bushwick at Speakeasy',
        'Drinking Liberally Oakland at Telegraph Taproom',
      ]),
    );
    expect(summaries((await feed(allFeed())).events)).toContain(
      'Drinking Liberally Secret Bushwick at Speakeasy',
    );
    expect((await feed(stateFeed('ca'))).events).toEqual([]);
  });

  it('lose a chapter hidden, and an event deleted', async () => {
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: hidden.id, status: 0 } },
      w.cookies.admin,
    );
    await write(
      { method: 'DELETE', url: `/api/chapter_event/slug/${slugs.screening}` },
      w.cookies.admin,
    );
    for (const url of [stateFeed('ny'), allFeed(), allFeed('?type=2')]) {
      const text = summaries((await feed(url)).events).join('\n');
      expect(text, url).not.toContain('Speakeasy');
      expect(text, url).not.toContain('Astoria');
    }
  });
});
