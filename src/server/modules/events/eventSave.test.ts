// POST /api/chapter_event and DELETE /api/chapter_event/slug/{slug} (spec 2 §2 Events, §5, §7):
// add and edit by slug, the form's rules, coordinates from the gazetteer, and who may do it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { chapterEvents } from '../../db/schema';
import { chapterEventSchema } from '../../../common/schemas/chapters';
import { EVENT_MESSAGES, type EventSaveRequest } from '../../../common/schemas/events';
import { LIMITS } from '../../../common/constants';
import {
  createChapterAdminWorld,
  fieldMessage,
  fieldNames,
  grantRole,
  insertChapter,
  PAST_INTEGER_RANGE,
  rawJson,
  send,
  uniqueSlug,
  WITH_NUL,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { signedInUser } from '../../test/users';
import { geocode } from '../geo/gazetteer';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const valid = (chapterId: number, changes: Partial<EventSaveRequest> = {}) => ({
  chapterId,
  name: 'The Pencil Factory',
  description: 'Upstairs, by the window',
  address1: '142 Franklin St',
  address2: '',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11222',
  country: 'US',
  startTime: '19:00',
  endTime: '21:30',
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: 2,
  weeksOfMonthIndexes: '1,3',
  ...changes,
});

const post = (payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/chapter_event', payload }, cookie);
const remove = (slug: string, cookie?: string) =>
  send(t, { method: 'DELETE', url: `/api/chapter_event/slug/${slug}` }, cookie);

async function stored(slug: string) {
  const [row] = await t.db.select().from(chapterEvents).where(eq(chapterEvents.slug, slug));
  return row;
}

async function created(payload: object, cookie = w.cookies.host) {
  const res = await post(payload, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return chapterEventSchema.parse(res.json());
}

describe('POST /api/chapter_event: add', () => {
  it('saves a repeating event with a generated slug and answers it', async () => {
    const event = await created(valid(w.chapter.id));
    expect(event).toMatchObject({
      ...valid(w.chapter.id),
      isSingleDate: false,
      singleDate: null,
    });
    expect(event.slug).toMatch(/^the-pencil-factory-[0-9a-f]{8}$/);
    const read = await send(t, { method: 'GET', url: `/api/chapter_event/slug/${event.slug}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: event.id, name: 'The Pencil Factory' });
    // The same name again is another event with another slug.
    const again = await created(valid(w.chapter.id));
    expect(again.slug).not.toBe(event.slug);
  });

  it('places the event by its ZIP code, else by its city and state; an unknown place is 0,0', async () => {
    const zip = geocode('11222')!;
    const byZip = await created(valid(w.chapter.id));
    expect([byZip.lat, byZip.lng]).toEqual([zip.lat, zip.lng]);

    const byCity = await created(
      valid(w.chapter.id, { postalCode: '', city: 'Oakland', state: 'CA' }),
    );
    const oakland = geocode('Oakland, CA')!;
    expect([byCity.lat, byCity.lng]).toEqual([oakland.lat, oakland.lng]);

    const nowhere = await created(
      valid(w.chapter.id, { postalCode: '', city: 'Nowhereville Xq', state: '' }),
    );
    expect([nowhere.lat, nowhere.lng]).toEqual([0, 0]);
  });

  it('ignores coordinates sent by the client', async () => {
    const event = await created({ ...valid(w.chapter.id), lat: 1, lng: 2 });
    expect(event.lat).not.toBe(1);
    expect(event.lng).not.toBe(2);
  });

  it('saves a single-date event with its date, and drops a date sent with a repeating one', async () => {
    const once = await created(
      valid(w.chapter.id, { isSingleDate: true, singleDate: '2031-02-28' }),
    );
    expect(once).toMatchObject({ isSingleDate: true, singleDate: '2031-02-28' });
    const repeating = await created(valid(w.chapter.id, { singleDate: '2031-02-28' }));
    expect(repeating.singleDate).toBeNull();
  });

  it('stores the weeks sorted and without repeats, and takes every half-hour time', async () => {
    const event = await created(
      valid(w.chapter.id, { weeksOfMonthIndexes: '5,1,1', startTime: '00:00', endTime: '23:30' }),
    );
    expect(event).toMatchObject({
      weeksOfMonthIndexes: '1,5',
      startTime: '00:00',
      endTime: '23:30',
    });
  });

  it('lets a field organizer and an admin add events too, and the hosts of a hidden chapter', async () => {
    await created(valid(w.chapter.id), w.cookies.fieldOrganizer);
    await created(valid(w.chapter.id), w.cookies.admin);
    const hidden = await insertChapter(t, { status: 0 });
    await grantRole(t, w.users.host.id, 3, hidden.id);
    await created(valid(hidden.id), w.cookies.host);
  });
});

describe('POST /api/chapter_event: edit by slug', () => {
  it('saves the changes to the event with that slug, keeping its slug', async () => {
    const event = await created(valid(w.chapter.id));
    const res = await post(
      {
        ...valid(w.chapter.id, { name: 'New Name', description: 'Now downstairs' }),
        slug: event.slug,
      },
      w.cookies.fieldOrganizer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: event.id, slug: event.slug, name: 'New Name' });
    expect(await stored(event.slug)).toMatchObject({
      name: 'New Name',
      description: 'Now downstairs',
    });
  });

  it('keeps the coordinates when the address is unchanged, and geocodes a changed one', async () => {
    const event = await created(valid(w.chapter.id));
    // Placed by hand, more precisely than the ZIP's centre.
    await t.db
      .update(chapterEvents)
      .set({ lat: 40.7301, lng: -73.9551 })
      .where(eq(chapterEvents.id, event.id));
    const renamed = await post(
      { ...valid(w.chapter.id, { name: 'Renamed', startTime: '18:00' }), slug: event.slug },
      w.cookies.host,
    );
    expect(renamed.json()).toMatchObject({ lat: 40.7301, lng: -73.9551 });

    const moved = await post(
      {
        ...valid(w.chapter.id, { postalCode: '94612', city: 'Oakland', state: 'CA' }),
        slug: event.slug,
      },
      w.cookies.host,
    );
    const oakland = geocode('94612')!;
    expect(moved.json()).toMatchObject({ lat: oakland.lat, lng: oakland.lng });
  });

  it('answers 404 for an unknown slug', async () => {
    const res = await post({ ...valid(w.chapter.id), slug: 'no-such-event' }, w.cookies.admin);
    expect(res.statusCode).toBe(404);
  });

  it("cannot move an event to a chapter the caller does not host, nor edit another chapter's event", async () => {
    const event = await created(valid(w.chapter.id));
    for (const kind of ['host', 'fieldOrganizer'] as const) {
      const res = await post({ ...valid(w.other.id), slug: event.slug }, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
    }
    // The other chapter's host may not take it either.
    const taken = await post({ ...valid(w.other.id), slug: event.slug }, w.cookies.otherHost);
    expect(taken.statusCode).toBe(403);
    const edited = await post(
      { ...valid(w.chapter.id, { name: 'Hijacked' }), slug: event.slug },
      w.cookies.otherHost,
    );
    expect(edited.statusCode).toBe(403);
    expect(await stored(event.slug)).toMatchObject({
      chapterId: w.chapter.id,
      name: 'The Pencil Factory',
    });
    // Someone who hosts both may move it.
    const both = await signedInUser(t, { hostOf: [w.chapter.id], fieldOrganizerOf: [w.other.id] });
    const moved = await post({ ...valid(w.other.id), slug: event.slug }, both.cookie);
    expect(moved.statusCode).toBe(200);
    expect((await stored(event.slug))?.chapterId).toBe(w.other.id);
  });

  it("refuses an id that is not the saved event's, such as another chapter's, with a 400 naming body.id, changing nothing", async () => {
    const theirs = await created(valid(w.other.id, { name: 'Their Bar' }), w.cookies.otherHost);
    const ours = await created(valid(w.chapter.id, { name: 'Our Bar' }));
    const everyEvent = () => t.db.select().from(chapterEvents).orderBy(chapterEvents.id);
    const before = await everyEvent();
    const refused = [
      // Their event's id with our chapter: no copy of it made here.
      { ...valid(w.chapter.id, { name: 'Their Bar' }), id: theirs.id },
      // With our event's slug: neither event is changed.
      { ...valid(w.chapter.id, { name: 'Hijacked' }), slug: ours.slug, id: theirs.id },
      // Our own event's id without its slug: not a second copy of it either.
      { ...valid(w.chapter.id, { name: 'Our Bar' }), id: ours.id },
    ];
    for (const body of refused) {
      const res = await post(body, w.cookies.host);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldNames(res)).toEqual(['body.id']);
    }
    expect(await everyEvent()).toEqual(before);
    // The event as GET answers it, id and slug, saves as before.
    const whole = await post({ ...ours, name: 'Our Bar Renamed' }, w.cookies.host);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await stored(ours.slug)).toMatchObject({ id: ours.id, name: 'Our Bar Renamed' });
  });
});

describe('POST /api/chapter_event refuses bad requests', () => {
  it("gives the spec's messages for a blank name, address or city", async () => {
    const cases = [
      ['name', EVENT_MESSAGES.name, 'Name is Required'],
      ['address1', EVENT_MESSAGES.address1, 'Address is Required'],
      ['city', EVENT_MESSAGES.city, 'City is Required'],
    ] as const;
    for (const [field, message, text] of cases) {
      expect(message).toBe(text);
      for (const blank of ['', '   ']) {
        const res = await post({ ...valid(w.chapter.id), [field]: blank }, w.cookies.host);
        expect(res.statusCode, field).toBe(400);
        expect(fieldNames(res), field).toEqual([`body.${field}`]);
        expect(fieldMessage(res, `body.${field}`)).toBe(text);
      }
    }
    const all = await post(
      { ...valid(w.chapter.id), name: '', address1: '', city: '' },
      w.cookies.host,
    );
    expect(fieldNames(all).sort()).toEqual(['body.address1', 'body.city', 'body.name']);
  });

  it('needs a real YYYY-MM-DD date for a single-date event', async () => {
    for (const singleDate of [
      undefined,
      null,
      '',
      '2031-02-30',
      '2031-13-01',
      '31-01-2031',
      '2031/01/05',
      'tomorrow',
    ]) {
      const res = await post(
        valid(w.chapter.id, { isSingleDate: true, singleDate }),
        w.cookies.host,
      );
      expect(res.statusCode, String(singleDate)).toBe(400);
      expect(fieldNames(res), String(singleDate)).toEqual(['body.singleDate']);
      expect(fieldMessage(res, 'body.singleDate')).toBe(EVENT_MESSAGES.singleDate);
    }
    const leap = await post(
      valid(w.chapter.id, { isSingleDate: true, singleDate: '2032-02-29' }),
      w.cookies.host,
    );
    expect(leap.statusCode).toBe(200);
  });

  it('takes only the half-hour time choices', async () => {
    for (const time of ['19:15', '7:00pm', '7:00', '24:00', '19:00:00', '', 'noon']) {
      for (const field of ['startTime', 'endTime'] as const) {
        const res = await post(valid(w.chapter.id, { [field]: time }), w.cookies.host);
        expect(res.statusCode, `${field} ${time}`).toBe(400);
        expect(fieldNames(res)).toEqual([`body.${field}`]);
        expect(fieldMessage(res, `body.${field}`)).toBe(EVENT_MESSAGES.time);
      }
    }
  });

  it('answers 400 naming the field for a value of the wrong kind, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ chapterId: 'abc' }, 'body.chapterId'],
      [{ chapterId: 0 }, 'body.chapterId'],
      [{ chapterId: undefined }, 'body.chapterId'],
      [{ name: undefined }, 'body.name'],
      [{ name: 7 }, 'body.name'],
      [{ isSingleDate: 'yes' }, 'body.isSingleDate'],
      [{ isSingleDate: undefined }, 'body.isSingleDate'],
      [{ dayOfWeekIndex: 7 }, 'body.dayOfWeekIndex'],
      [{ dayOfWeekIndex: -1 }, 'body.dayOfWeekIndex'],
      [{ dayOfWeekIndex: '2' }, 'body.dayOfWeekIndex'],
      [{ weeksOfMonthIndexes: '1,8' }, 'body.weeksOfMonthIndexes'],
      [{ weeksOfMonthIndexes: '1,,3' }, 'body.weeksOfMonthIndexes'],
      [{ weeksOfMonthIndexes: [1, 3] }, 'body.weeksOfMonthIndexes'],
      [{ startTime: 1900 }, 'body.startTime'],
      [{ slug: '' }, 'body.slug'],
      [{ description: 'x'.repeat(5001) }, 'body.description'],
    ];
    for (const [change, field] of cases) {
      const res = await post({ ...valid(w.chapter.id), ...change }, w.cookies.host);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldNames(res), JSON.stringify(change)).toContain(field);
    }
    for (const body of ['{"name":', '[]', 'null']) {
      const res = await send(
        t,
        { method: 'POST', url: '/api/chapter_event', raw: rawJson(body) },
        w.cookies.host,
      );
      expect(res.statusCode, body).toBe(400);
    }
  });

  it('answers 400 naming body.chapterId for an id past the integer range, never 500', async () => {
    const res = await post(valid(PAST_INTEGER_RANGE), w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.chapterId']);
  });

  it('answers 400 naming the field for text holding a NUL character, never 500', async () => {
    for (const field of ['name', 'address1', 'description', 'slug'] as const) {
      const res = await post({ ...valid(w.chapter.id), [field]: WITH_NUL }, w.cookies.host);
      expect(res.statusCode, field).toBe(400);
      expect(fieldNames(res), field).toEqual([`body.${field}`]);
    }
    expect((await remove('a%00b', w.cookies.host)).statusCode).toBe(400);
  });

  it('answers 401 to a visitor, 403 to others and 404 for no such chapter', async () => {
    expect((await post(valid(w.chapter.id))).statusCode).toBe(401);
    expect((await post(valid(w.chapter.id), w.cookies.noRole)).statusCode).toBe(403);
    expect((await post(valid(w.chapter.id), w.cookies.otherHost)).statusCode).toBe(403);
    expect((await post(valid(999_999), w.cookies.admin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/chapter_event/slug/:slug', () => {
  it('deletes the event for its hosts only; then it is gone', async () => {
    const event = await created(valid(w.chapter.id));
    expect((await remove(event.slug)).statusCode).toBe(401);
    expect((await remove(event.slug, w.cookies.noRole)).statusCode).toBe(403);
    expect((await remove(event.slug, w.cookies.otherHost)).statusCode).toBe(403);
    expect(await stored(event.slug)).toBeDefined();
    const res = await remove(event.slug, w.cookies.host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    expect(await stored(event.slug)).toBeUndefined();
    expect(
      (await send(t, { method: 'GET', url: `/api/chapter_event/slug/${event.slug}` })).statusCode,
    ).toBe(404);
    expect((await remove(event.slug, w.cookies.host)).statusCode).toBe(404);
  });

  it('lets a field organizer and an admin delete, and answers 404 for an unknown slug', async () => {
    for (const kind of ['fieldOrganizer', 'admin'] as const) {
      const event = await created(valid(w.chapter.id));
      expect((await remove(event.slug, w.cookies[kind])).statusCode, kind).toBe(200);
    }
    expect((await remove('no-such-event', w.cookies.admin)).statusCode).toBe(404);
    // Fastify refuses a path parameter past 100 characters before any route sees it.
    expect((await remove('x'.repeat(301), w.cookies.admin)).statusCode).toBe(414);
  });
});

describe('a chapter holds a bounded number of events', () => {
  it(`refuses the event past ${LIMITS.eventsPerChapter} with a 400 naming the chapter, and takes one again after a delete`, async () => {
    const chapter = await insertChapter(t);
    await grantRole(t, w.users.host.id, 3, chapter.id);
    await t.db.insert(chapterEvents).values(
      Array.from({ length: LIMITS.eventsPerChapter - 2 }, (_, i) => ({
        ...valid(chapter.id),
        weeksOfMonthIndexes: '1',
        slug: uniqueSlug(`filler-${i}`),
      })),
    );
    // The last two places, asked for at once with a third: exactly two are taken.
    const answers = await Promise.all([1, 2, 3].map(() => post(valid(chapter.id), w.cookies.host)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(fieldMessage(refused, 'body.chapterId')).toContain(
      `at most ${LIMITS.eventsPerChapter} events`,
    );
    const count = async () =>
      (await t.db.select().from(chapterEvents).where(eq(chapterEvents.chapterId, chapter.id)))
        .length;
    expect(await count()).toBe(LIMITS.eventsPerChapter);
    // Moving another chapter's event in is a new event for this chapter too.
    const elsewhere = await created(valid(w.chapter.id));
    const moved = await post({ ...valid(chapter.id), slug: elsewhere.slug }, w.cookies.host);
    expect(moved.statusCode).toBe(400);
    // Editing one it has is not.
    const own = answers.find((r) => r.statusCode === 200)!.json() as { slug: string };
    const edit = await post(
      { ...valid(chapter.id, { name: 'Renamed' }), slug: own.slug },
      w.cookies.host,
    );
    expect(edit.statusCode).toBe(200);
    expect((await remove(own.slug, w.cookies.host)).statusCode).toBe(200);
    expect((await post(valid(chapter.id), w.cookies.host)).statusCode).toBe(200);
    expect(await count()).toBe(LIMITS.eventsPerChapter);
  });
});
