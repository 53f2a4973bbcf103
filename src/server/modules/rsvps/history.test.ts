// Going and attended after the meeting (issue 33 item 7): the chapter dashboard's last six
// meetings side by side, and the admin's chapter health with each chapter's last attendance.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { chapters, type ChapterEventRow } from '../../db/schema';
import type { AdminDashboard } from '../../../common/schemas/adminDashboard';
import type { AttendanceHistory, GuestList } from '../../../common/schemas/rsvps';
import { insertChapter } from '../../test/chapterAdminWorld';
import { createSession, SESSION_COOKIE } from '../auth/sessions';
import {
  addEvent,
  confirmedRsvp,
  createRsvpWorld,
  setClock,
  THU,
  type RsvpWorld,
} from './testWorld';

let rw: RsvpWorld;
let event: ChapterEventRow;
const A_YEAR_BEFORE = new Date('2030-03-01T12:00:00Z');
/** The Saturday after the first Thursday: its meeting is over. */
const SATURDAY = '2031-03-08T15:00:00Z';

beforeAll(async () => {
  rw = await createRsvpWorld();
  // A chapter and an event on the site for a year: every Thursday of the last six weeks met.
  // (Stated: the database's clock is the test's on PGlite and the real one on PostgreSQL.)
  await rw.t.db
    .update(chapters)
    .set({ createdAt: A_YEAR_BEFORE })
    .where(eq(chapters.id, rw.w.chapter.id));
  event = await addEvent(rw.t, rw.w.chapter.id, { createdAt: A_YEAR_BEFORE });
  await confirmedRsvp(rw.t, event.slug, THU[0], {
    name: 'Ann',
    email: 'ann.h@example.org',
    guests: 1,
  });
  await confirmedRsvp(rw.t, event.slug, THU[0], { name: 'Bo', email: 'bo.h@example.org' });
  setClock(SATURDAY);
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

/** A session of today's clock for one of the world's people. */
async function cookieOf(userId: number) {
  const { token } = await createSession(rw.t.db, userId, 1);
  return `${SESSION_COOKIE}=${token}`;
}

describe('after the meeting', () => {
  it('the door count shows beside the going count on the chapter dashboard', async () => {
    const host = await cookieOf(rw.w.users.host.id);
    const base = `/api/chapter_event/slug/${event.slug}/dates/${THU[0]}`;
    const list = (
      await rw.t.app.inject({ url: `${base}/guests`, headers: { cookie: host } })
    ).json<GuestList>();
    const ann = list.guests.find((g) => g.name === 'Ann')!;
    const saved = await rw.t.app.inject({
      method: 'POST',
      url: `${base}/attendance`,
      payload: { checkedIn: [ann.id], walkIns: 3 },
      headers: { cookie: host },
    });
    expect(saved.json()).toEqual({ attended: 5 });

    const res = await rw.t.app.inject({
      url: `/api/chapter_event/chapter/${rw.w.chapter.id}/attendance_history`,
      headers: { cookie: host },
    });
    expect(res.statusCode).toBe(200);
    const { meetings } = res.json<AttendanceHistory>();
    expect(meetings).toHaveLength(6);
    expect(meetings.map((m) => [m.date.date, m.going, m.attended])).toEqual([
      [THU[0], 3, 5],
      ['2031-02-27', 0, null],
      ['2031-02-20', 0, null],
      ['2031-02-13', 0, null],
      ['2031-02-06', 0, null],
      ['2031-01-30', 0, null],
    ]);
    const noRole = await cookieOf(rw.w.users.noRole.id);
    const refused = await rw.t.app.inject({
      url: `/api/chapter_event/chapter/${rw.w.chapter.id}/attendance_history`,
      headers: { cookie: noRole },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lists no meeting from before the event was put on the site, as the health table does', async () => {
    // Every Thursday, put on the site on Saturday the 15th of February: its first meeting is
    // the 20th, whatever the rule says of the weeks before.
    const chapter = await insertChapter(rw.t, { title: 'Late entry', createdAt: A_YEAR_BEFORE });
    const late = await addEvent(rw.t, chapter.id, {
      createdAt: new Date('2031-02-15T17:00:00Z'),
    });
    const admin = await cookieOf(rw.w.users.admin.id);
    const res = await rw.t.app.inject({
      url: `/api/chapter_event/chapter/${chapter.id}/attendance_history`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AttendanceHistory>().meetings.map((m) => [m.slug, m.date.date])).toEqual([
      [late.slug, THU[0]],
      [late.slug, '2031-02-27'],
      [late.slug, '2031-02-20'],
    ]);
    const dashboard = await rw.t.app.inject({
      url: '/api/admin/dashboard',
      headers: { cookie: admin },
    });
    const row = dashboard.json<AdminDashboard>().chapters.find((c) => c.id === chapter.id);
    expect(row?.lastEventDate).toBe(THU[0]);
  });

  it("the admin's chapter health shows each chapter's last attendance", async () => {
    const admin = await cookieOf(rw.w.users.admin.id);
    const res = await rw.t.app.inject({
      url: '/api/admin/dashboard',
      headers: { cookie: admin },
    });
    const { chapters } = res.json<AdminDashboard>();
    expect(chapters.find((c) => c.id === rw.w.chapter.id)!.lastAttendance).toEqual({
      date: THU[0],
      attended: 5,
    });
    expect(chapters.find((c) => c.id === rw.w.other.id)!.lastAttendance).toBeNull();
  });
});
