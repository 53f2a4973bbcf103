// What an RSVP refuses, and why (issue 33, "Bad input and abuse" and item 5): a bad address,
// a long name, too many guests, a date the event does not meet on (400 naming the field), a
// skipped or past date (409); nothing is written. Hidden chapters take RSVPs from their hosts
// only. A moved date keeps its RSVPs; a skipped one keeps them recorded.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chapterEventExceptions, rsvps } from '../../db/schema';
import type { ChapterEventRow } from '../../db/schema';
import { fieldNames, insertChapter } from '../../test/chapterAdminWorld';
import {
  addEvent,
  confirmedRsvp,
  counts,
  createRsvpWorld,
  mailsTo,
  postRsvp,
  setClock,
  THU,
  tokenCall,
  type RsvpWorld,
} from './testWorld';

let rw: RsvpWorld;
let event: ChapterEventRow;

beforeAll(async () => {
  rw = await createRsvpWorld();
  event = await addEvent(rw.t, rw.w.chapter.id, { maxGuests: 2 });
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

const rowsOf = async (eventId: number) =>
  (
    await rw.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rsvps)
      .where(eq(rsvps.eventId, eventId))
  )[0]!.n;

describe('bad input', () => {
  it.each([
    ['an invalid email', { name: 'Ada', email: 'not-an-address', guests: 0 }, 'body.email'],
    ['a name over 100 characters', { name: 'A'.repeat(101), email: 'a@example.org' }, 'body.name'],
    ['no name from a visitor', { name: '', email: 'a@example.org' }, 'body.name'],
    [
      'more guests than the event takes',
      { name: 'Ada', email: 'a@example.org', guests: 3 },
      'body.guests',
    ],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_what, body, field) => {
    const res = await postRsvp(rw.t, event.slug, THU[0], body);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toContain(field);
    expect(await rowsOf(event.id)).toBe(0);
  });

  it('refuses a date the event does not meet on (400) and a past one (409)', async () => {
    const body = { name: 'Ada', email: 'a@example.org', guests: 0 };
    const wednesday = await postRsvp(rw.t, event.slug, '2031-03-05', body);
    expect(wednesday.statusCode).toBe(400);
    expect(fieldNames(wednesday)).toContain('params.date');
    const notADate = await postRsvp(rw.t, event.slug, '2031-02-30', body);
    expect(notADate.statusCode).toBe(400);
    const past = await postRsvp(rw.t, event.slug, '2031-02-27', body);
    expect(past.statusCode).toBe(409);
    expect(fieldNames(past)).toContain('params.date');
    expect(await rowsOf(event.id)).toBe(0);
  });
});

describe('dates that change', () => {
  it('closes a skipped date with a 409, keeping who was going', async () => {
    const skipped = await addEvent(rw.t, rw.w.chapter.id);
    const { token } = await confirmedRsvp(rw.t, skipped.slug, THU[1], {
      name: 'Ada',
      email: 'ada.skip@example.org',
    });
    await rw.t.db
      .insert(chapterEventExceptions)
      .values({ eventId: skipped.id, date: THU[1], note: 'Closed for a private party' });
    const res = await postRsvp(rw.t, skipped.slug, THU[1], {
      name: 'Bo',
      email: 'bo@example.org',
      guests: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(fieldNames(res)).toContain('params.date');
    expect(await rowsOf(skipped.id)).toBe(1);
    const page = (await tokenCall(rw.t, token)).json();
    expect(page).toMatchObject({
      status: 'going',
      date: { status: 'cancelled', note: 'Closed for a private party' },
    });
    expect((await counts(rw.t, skipped.slug, THU[1])).going).toBe(1);
  });

  it('carries the RSVPs of a moved date to its new date, by either date', async () => {
    const moved = await addEvent(rw.t, rw.w.chapter.id);
    await confirmedRsvp(rw.t, moved.slug, THU[2], { name: 'Cy', email: 'cy.move@example.org' });
    await rw.t.db.insert(chapterEventExceptions).values({
      eventId: moved.id,
      date: THU[2],
      movedToDate: '2031-03-21',
      movedToStartTime: '19:00',
      movedToEndTime: '21:00',
    });
    expect((await counts(rw.t, moved.slug, THU[2])).going).toBe(1);
    expect((await counts(rw.t, moved.slug, '2031-03-21')).going).toBe(1);
    const res = await postRsvp(rw.t, moved.slug, '2031-03-21', {
      name: 'Di',
      email: 'di.move@example.org',
      guests: 0,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(rw.t, 'di.move@example.org');
    expect(mail!.text).toContain('Friday, March 21, 2031, 7:00–9:00pm');
    const rows = await rw.t.db.select().from(rsvps).where(eq(rsvps.eventId, moved.id));
    expect(rows.map((r) => r.date)).toEqual([THU[2], THU[2]]);
  });

  it('takes no change once the meeting is over', async () => {
    const over = await addEvent(rw.t, rw.w.chapter.id);
    const { token } = await confirmedRsvp(rw.t, over.slug, THU[0], {
      name: 'Ed',
      email: 'ed.over@example.org',
    });
    setClock('2031-03-07T02:00:00Z');
    try {
      expect((await tokenCall(rw.t, token, 'cancel')).statusCode).toBe(409);
      expect((await tokenCall(rw.t, token)).json()).toMatchObject({
        status: 'going',
        date: { past: true },
      });
    } finally {
      setClock();
    }
  });
});

describe('hidden chapters', () => {
  it('take no RSVP from visitors or other users, but do from their hosts', async () => {
    const hidden = await insertChapter(rw.t, { status: 0 });
    const hiddenEvent = await addEvent(rw.t, hidden.id);
    const body = { name: 'Ada', email: 'ada.hidden@example.org', guests: 0 };
    expect((await postRsvp(rw.t, hiddenEvent.slug, THU[0], body)).statusCode).toBe(404);
    const other = await postRsvp(rw.t, hiddenEvent.slug, THU[0], body, {
      cookie: rw.w.cookies.noRole,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (
        await rw.t.app.inject({
          url: `/api/chapter_event/slug/${hiddenEvent.slug}/dates/${THU[0]}/rsvp`,
        })
      ).statusCode,
    ).toBe(404);
    expect(await rowsOf(hiddenEvent.id)).toBe(0);
    const admin = await postRsvp(rw.t, hiddenEvent.slug, THU[0], body, {
      cookie: rw.w.cookies.admin,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ status: 'going', counts: { going: 1 } });
  });
});
