// "12 going" wherever people look (issue 33 item 2): beside each date of the event page, on the
// chapter page's coming meetings (its next-meeting card), on the state page's cards and in the
// event page's JSON-LD with the places left under a cap. And the event save's capacity and
// maxGuests (item 3). Counts are people, confirmed only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChapterEventRow } from '../../db/schema';
import type { EventPage } from '../../../common/schemas/eventDates';
import type { Chapter, StateChapter } from '../../../common/schemas/chapters';
import { fieldNames } from '../../test/chapterAdminWorld';
import {
  addEvent,
  confirmedRsvp,
  createRsvpWorld,
  postRsvp,
  THU,
  type RsvpWorld,
} from './testWorld';

const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-'));
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><title>Default</title></head><body><div id="root"></div></body></html>',
);

let rw: RsvpWorld;
let event: ChapterEventRow;

beforeAll(async () => {
  rw = await createRsvpWorld({ webDir });
  event = await addEvent(rw.t, rw.w.chapter.id, { capacity: 10 });
  await confirmedRsvp(rw.t, event.slug, THU[0], {
    name: 'Ann',
    email: 'ann.c@example.org',
    guests: 2,
  });
  await confirmedRsvp(rw.t, event.slug, THU[0], { name: 'Bo', email: 'bo.c@example.org' });
  // Not confirmed: counts nothing anywhere.
  await postRsvp(rw.t, event.slug, THU[0], { name: 'Cy', email: 'cy.c@example.org', guests: 2 });
  await confirmedRsvp(rw.t, event.slug, THU[1], { name: 'Di', email: 'di.c@example.org' });
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

describe('the going count on other answers', () => {
  it('is beside each date of the event page', async () => {
    const page = (
      await rw.t.app.inject({ url: `/api/chapter_event/slug/${event.slug}/page` })
    ).json<EventPage>();
    expect(page.capacity).toBe(10);
    expect(page.dates.slice(0, 3).map((d) => [d.date, d.going])).toEqual([
      [THU[0], 4],
      [THU[1], 1],
      [THU[2], 0],
    ]);
  });

  it("is on the chapter page's coming meetings", async () => {
    const chapter = (
      await rw.t.app.inject({ url: `/api/chapter/slug/${rw.w.chapter.slug}` })
    ).json<Chapter>();
    const mine = chapter.upcoming.filter((u) => u.eventId === event.id);
    expect(mine.slice(0, 2).map((u) => [u.date, u.going])).toEqual([
      [THU[0], 4],
      [THU[1], 1],
    ]);
  });

  it("is on the state page's card", async () => {
    const list = (await rw.t.app.inject({ url: '/api/chapters/state/ny' })).json<StateChapter[]>();
    const card = list.find((c) => c.id === rw.w.chapter.id)!;
    expect(card.nextEvent).toMatchObject({ eventId: event.id, date: THU[0], going: 4 });
  });

  it("is in the event page's JSON-LD, with the places left", async () => {
    const html = (
      await rw.t.app.inject({
        url: `/chapter/${rw.w.chapter.state.toLowerCase()}/${rw.w.chapter.slug}/events/${event.slug}`,
      })
    ).body;
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((b) => JSON.parse(b[1]!) as Record<string, unknown>)
      .filter((b) => b['@type'] === 'Event');
    expect(blocks[0]).toMatchObject({ maximumAttendeeCapacity: 10, remainingAttendeeCapacity: 6 });
    expect(blocks[1]).toMatchObject({ maximumAttendeeCapacity: 10, remainingAttendeeCapacity: 9 });
  });

  it('leaves the capacity out of the JSON-LD of an event without a cap', async () => {
    const open = await addEvent(rw.t, rw.w.chapter.id);
    const html = (
      await rw.t.app.inject({
        url: `/chapter/${rw.w.chapter.state.toLowerCase()}/${rw.w.chapter.slug}/events/${open.slug}`,
      })
    ).body;
    expect(html).toContain('"@type":"Event"');
    expect(html).not.toContain('AttendeeCapacity');
  });
});

describe("the event save's capacity and guests per RSVP", () => {
  const save = (values: object) =>
    rw.t.app.inject({
      method: 'POST',
      url: '/api/chapter_event',
      headers: { cookie: rw.w.cookies.host! },
      payload: {
        chapterId: rw.w.chapter.id,
        name: 'Saved Bar',
        address1: '1 Main St',
        city: 'Brooklyn',
        startTime: '18:00',
        endTime: '20:00',
        isSingleDate: false,
        dayOfWeekIndex: 4,
        weeksOfMonthIndexes: '0',
        ...values,
      },
    });

  it('keeps a cap and a guest limit, and no cap by default with 2 guests', async () => {
    const capped = await save({ capacity: 40, maxGuests: 0 });
    expect(capped.statusCode).toBe(200);
    expect(capped.json()).toMatchObject({ capacity: 40, maxGuests: 0 });
    const plain = await save({});
    expect(plain.json()).toMatchObject({ capacity: null, maxGuests: 2 });
    // Guests past the event's own limit are refused.
    const res = await postRsvp(rw.t, capped.json<{ slug: string }>().slug, THU[0], {
      name: 'Ed',
      email: 'ed.c@example.org',
      guests: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toContain('body.guests');
  });

  it.each([
    [{ capacity: 0 }, 'body.capacity'],
    [{ capacity: 10_001 }, 'body.capacity'],
    [{ maxGuests: 11 }, 'body.maxGuests'],
    [{ maxGuests: -1 }, 'body.maxGuests'],
  ])('refuses %o with a 400 naming the field', async (values, field) => {
    const res = await save(values);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toContain(field);
  });
});
