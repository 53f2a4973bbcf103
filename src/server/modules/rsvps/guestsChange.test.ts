// A signed-in user who went in one click changes their guests afterwards
// (POST /api/my/rsvps/{id}/guests): within the event's maxGuests; more guests only when they
// fit, and otherwise nothing changes (the user keeps their place); fewer guests free room that
// goes to the first waiting, who is told. Only the RSVP's owner may change it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChapterEventRow } from '../../db/schema';
import {
  addEvent,
  counts,
  createRsvpWorld,
  mailsTo,
  postRsvp,
  THU,
  type RsvpWorld,
} from './testWorld';

let rw: RsvpWorld;
let event: ChapterEventRow;

beforeAll(async () => {
  rw = await createRsvpWorld();
  event = await addEvent(rw.t, rw.w.chapter.id, { capacity: 4, maxGuests: 2 });
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

const change = (id: number, guests: unknown, cookie: string | undefined) =>
  rw.t.app.inject({
    method: 'POST',
    url: `/api/my/rsvps/${id}/guests`,
    payload: { guests },
    headers: cookie ? { cookie } : {},
  });

async function oneClick(cookie: string, date: string) {
  const res = await postRsvp(rw.t, event.slug, date, { guests: 0 }, { cookie });
  expect(res.statusCode).toBe(200);
  const mine = await rw.t.app.inject({ url: '/api/my/rsvps', headers: { cookie } });
  const rsvp = mine.json<{ rsvps: { id: number; date: { date: string } }[] }>().rsvps;
  return rsvp.find((r) => r.date.date === date)!.id;
}

describe("changing a one-click RSVP's guests", () => {
  it('adds guests that fit, and refuses more than there is room for, keeping the place', async () => {
    const host = rw.w.users.host;
    const id = await oneClick(host.cookie, THU[1]);
    const added = await change(id, 2, host.cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      status: 'going',
      guests: 2,
      counts: { going: 3, waitlisted: 0, capacity: 4 },
    });
    expect((await counts(rw.t, event.slug, THU[1])).going).toBe(3);

    // Another member takes the last place: no room left for the host's guests to grow.
    const other = rw.w.users.otherHost;
    const otherId = await oneClick(other.cookie, THU[1]);
    const tooMany = await change(otherId, 1, other.cookie);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().fields[0].field).toBe('body.guests');
    expect(tooMany.json().message).toMatch(/no room for guests now\. Your own place is kept/);
    expect(await counts(rw.t, event.slug, THU[1])).toEqual({
      going: 4,
      waitlisted: 0,
      capacity: 4,
    });
  });

  it('refuses more than the event takes, with a 400 naming guests, and changes nothing', async () => {
    const user = rw.w.users.fieldOrganizer;
    const id = await oneClick(user.cookie, THU[2]);
    const res = await change(id, 3, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].field).toBe('body.guests');
    expect((await change(id, 'two', user.cookie)).statusCode).toBe(400);
    expect((await counts(rw.t, event.slug, THU[2])).going).toBe(1);
  });

  it('frees room with fewer guests: the first waiting moves up and is told', async () => {
    const [a, b] = [rw.w.users.admin, rw.w.users.noRole];
    const id = await oneClick(a.cookie, THU[3]);
    expect((await change(id, 2, a.cookie)).statusCode).toBe(200);
    // 3 of 4 places taken: a party of two waits.
    const waiting = await postRsvp(rw.t, event.slug, THU[3], { guests: 1 }, { cookie: b.cookie });
    expect(waiting.json()).toMatchObject({ status: 'waitlisted', position: 1 });
    const fewer = await change(id, 0, a.cookie);
    expect(fewer.json()).toMatchObject({
      status: 'going',
      guests: 0,
      counts: { going: 3, waitlisted: 0 },
    });
    const [mail] = await mailsTo(rw.t, b.email);
    expect(mail!.subject).toMatch(/^A place opened up: /);
  });

  it("is the owner's alone, and needs a sign-in", async () => {
    const user = rw.w.users.host;
    const mine = await rw.t.app.inject({ url: '/api/my/rsvps', headers: { cookie: user.cookie } });
    const [first] = mine.json<{ rsvps: { id: number }[] }>().rsvps;
    expect((await change(first!.id, 1, rw.w.cookies.fieldOrganizer)).statusCode).toBe(404);
    expect((await change(first!.id, 1, undefined)).statusCode).toBe(401);
  });
});
