// The host's side (issue 33 items 4, 6 and 7): the guest list with its CSV, check-in at the door
// with walk-ins, each coming date's numbers, and a signed-in user's own RSVPs on My Chapters.
// The chapter's hosts, its field organizers and admins only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChapterEventRow } from '../../db/schema';
import type { GuestList } from '../../../common/schemas/rsvps';
import { fieldNames } from '../../test/chapterAdminWorld';
import { createSession, SESSION_COOKIE } from '../auth/sessions';
import {
  addEvent,
  confirmedRsvp,
  createRsvpWorld,
  postRsvp,
  setClock,
  THU,
  type RsvpWorld,
} from './testWorld';

let rw: RsvpWorld;
let event: ChapterEventRow;
const base = () => `/api/chapter_event/slug/${event.slug}/dates/${THU[0]}`;

beforeAll(async () => {
  rw = await createRsvpWorld();
  event = await addEvent(rw.t, rw.w.chapter.id, { capacity: 3 });
  await confirmedRsvp(rw.t, event.slug, THU[0], {
    name: 'Ann',
    email: 'ann.g@example.org',
    guests: 1,
  });
  await confirmedRsvp(rw.t, event.slug, THU[0], {
    name: '=HYPERLINK("http://x")',
    email: 'eq.g@example.org',
  });
  await confirmedRsvp(rw.t, event.slug, THU[0], { name: 'Wes', email: 'wes.g@example.org' });
  await postRsvp(rw.t, event.slug, THU[0], { name: 'Una', email: 'una.g@example.org', guests: 0 });
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

const get = (url: string, cookie?: string) =>
  rw.t.app.inject({ url, headers: cookie ? { cookie } : {} });

describe('the guest list', () => {
  it('lists going, then the waitlist in order, then the unconfirmed, with the numbers', async () => {
    const res = await get(`${base()}/guests`, rw.w.cookies.host);
    expect(res.statusCode).toBe(200);
    const list = res.json<GuestList>();
    expect(list.guests.map((g) => [g.name, g.status, g.guests, g.position])).toEqual([
      ['Ann', 'going', 1, null],
      ['=HYPERLINK("http://x")', 'going', 0, null],
      ['Wes', 'waitlisted', 0, 1],
      ['Una', 'unconfirmed', 0, null],
    ]);
    expect(list).toMatchObject({ going: 3, waitlisted: 1, capacity: 3, attended: null });
    expect(list.guests[0]).toMatchObject({ email: 'ann.g@example.org', checkedIn: false });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    ['a visitor', undefined, 401],
    ['a user without a role', 'noRole', 403],
    ['a host of another chapter', 'otherHost', 403],
  ] as const)('is refused to %s', async (_who, kind, status) => {
    const cookie = kind ? rw.w.cookies[kind] : undefined;
    expect((await get(`${base()}/guests`, cookie)).statusCode).toBe(status);
    expect((await get(`${base()}/guests.csv`, cookie)).statusCode).toBe(status);
    const door = await rw.t.app.inject({
      method: 'POST',
      url: `${base()}/attendance`,
      payload: { checkedIn: [], walkIns: 1 },
      headers: cookie ? { cookie } : {},
    });
    expect(door.statusCode).toBe(status);
  });

  it('is open to its field organizers and admins', async () => {
    expect((await get(`${base()}/guests`, rw.w.cookies.fieldOrganizer)).statusCode).toBe(200);
    expect((await get(`${base()}/guests`, rw.w.cookies.admin)).statusCode).toBe(200);
  });

  it('downloads as CSV with formula cells neutralised', async () => {
    const res = await get(`${base()}/guests.csv`, rw.w.cookies.host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="guests-${event.slug}-${THU[0]}.csv"`,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('name,email,guests,status,rsvp_at,checked_in');
    expect(lines[1]).toMatch(/^Ann,ann\.g@example\.org,1,going,2031-03-04T15:00:00\.000Z,no$/);
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",eq\.g@example\.org,0,going,/);
  });
});

describe('check-in at the door', () => {
  it('saves who came (with their guests) and walk-ins as the date’s attendance', async () => {
    const list = (await get(`${base()}/guests`, rw.w.cookies.host)).json<GuestList>();
    const ann = list.guests.find((g) => g.name === 'Ann')!;
    const wes = list.guests.find((g) => g.name === 'Wes')!;
    const res = await rw.t.app.inject({
      method: 'POST',
      url: `${base()}/attendance`,
      payload: { checkedIn: [ann.id, wes.id], walkIns: 4 },
      headers: { cookie: rw.w.cookies.host! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ attended: 2 + 1 + 4 });
    const after = (await get(`${base()}/guests`, rw.w.cookies.host)).json<GuestList>();
    expect(after).toMatchObject({ attended: 7, walkIns: 4 });
    expect(after.guests.filter((g) => g.checkedIn).map((g) => g.name)).toEqual(['Ann', 'Wes']);

    // Unticking Wes saves the new count.
    const again = await rw.t.app.inject({
      method: 'POST',
      url: `${base()}/attendance`,
      payload: { checkedIn: [ann.id], walkIns: 4 },
      headers: { cookie: rw.w.cookies.host! },
    });
    expect(again.json()).toEqual({ attended: 6 });
  });

  it('refuses an RSVP of another date with a 400 naming checkedIn', async () => {
    const other = await confirmedRsvp(rw.t, event.slug, THU[1], {
      name: 'Odd',
      email: 'odd.g@example.org',
    });
    const list = (
      await get(`/api/chapter_event/slug/${event.slug}/dates/${THU[1]}/guests`, rw.w.cookies.host)
    ).json<GuestList>();
    expect(other.page.status).toBe('going');
    const res = await rw.t.app.inject({
      method: 'POST',
      url: `${base()}/attendance`,
      payload: { checkedIn: [list.guests[0]!.id], walkIns: 0 },
      headers: { cookie: rw.w.cookies.host! },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toContain('body.checkedIn');
  });
});

describe('the coming dates in numbers', () => {
  it('gives each coming date its going, waitlisted, capacity and attendance', async () => {
    const res = await get(
      `/api/chapter_event/chapter/${rw.w.chapter.id}/rsvp_summary`,
      rw.w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    const dates = res
      .json<{ dates: { slug: string; date: { date: string }; going: number }[] }>()
      .dates.filter((d) => d.slug === event.slug);
    expect(dates.slice(0, 2)).toMatchObject([
      { date: { date: THU[0] }, going: 3, waitlisted: 1, capacity: 3, attended: 6 },
      { date: { date: THU[1] }, going: 1, waitlisted: 0, capacity: 3, attended: null },
    ]);
    expect(
      (await get(`/api/chapter_event/chapter/${rw.w.chapter.id}/rsvp_summary`, rw.w.cookies.noRole))
        .statusCode,
    ).toBe(403);
  });
});

describe('my RSVPs', () => {
  it('lists a user’s coming RSVPs, and lets them cancel one', async () => {
    const user = rw.w.users.noRole;
    await postRsvp(rw.t, event.slug, THU[2], { guests: 1 }, { cookie: user.cookie });
    const mine = await get('/api/my/rsvps', user.cookie);
    expect(mine.statusCode).toBe(200);
    const [only] = mine.json<{ rsvps: { id: number; status: string }[] }>().rsvps;
    expect(only).toMatchObject({
      status: 'going',
      guests: 1,
      date: { date: THU[2] },
      event: { slug: event.slug },
    });
    // Nobody else may cancel it.
    const stranger = await rw.t.app.inject({
      method: 'POST',
      url: `/api/my/rsvps/${only!.id}/cancel`,
      payload: {},
      headers: { cookie: rw.w.cookies.otherHost! },
    });
    expect(stranger.statusCode).toBe(404);
    const cancel = await rw.t.app.inject({
      method: 'POST',
      url: `/api/my/rsvps/${only!.id}/cancel`,
      payload: {},
      headers: { cookie: user.cookie },
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    expect((await get('/api/my/rsvps', user.cookie)).json()).toEqual({ rsvps: [] });
    expect((await get('/api/my/rsvps')).statusCode).toBe(401);
  });

  it('leaves out dates that are over', async () => {
    const user = rw.w.users.fieldOrganizer;
    await postRsvp(rw.t, event.slug, THU[0], { guests: 0 }, { cookie: user.cookie });
    expect((await get('/api/my/rsvps', user.cookie)).json().rsvps).toHaveLength(1);
    setClock('2031-03-07T03:00:00Z');
    try {
      // A session of that day: the one from Tuesday has lapsed.
      const { token } = await createSession(rw.t.db, user.id, 1);
      const cookie = `${SESSION_COOKIE}=${token}`;
      expect((await get('/api/my/rsvps', cookie)).json().rsvps).toHaveLength(0);
    } finally {
      setClock();
    }
  });
});
