// Item 2 of issue 34, its second half: when the host skips or moves a date, or changes its time
// or place, each person going to it gets one notice at once saying what changed; nobody else
// does, and a date already past tells no one. NOW is Tuesday 4 March 2031, 10am in New York;
// each test has an event of its own meeting Thursdays 6-8pm.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, like, or } from 'drizzle-orm';
import { NOW, THU, addEvent } from '../rsvps/testWorld';
import {
  addMembers,
  changeDate,
  createReminderWorld,
  going,
  lookAndSend,
  messagesOf,
  moveDate,
  setClock,
  type ReminderWorld,
} from '../../test/reminderWorld';
import { signedInUser } from '../../test/users';
import { mailOutbox } from '../../db/schema';
import type { ChapterEventRow } from '../../db/schema';

let world: ReminderWorld;
beforeAll(async () => {
  world = await createReminderWorld();
  await addMembers(world.t, world.listId, ['lou@example.org']);
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
});
afterEach(() => setClock(NOW));

/** The plain-text part with its line wrapping undone. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const BEFORE = new Date('2031-03-01T12:00:00Z');

/** The notices (skipped or changed) the outbox caught for the event named so, by recipient. */
async function noticesOf(eventName: string) {
  return world.t.db
    .select()
    .from(mailOutbox)
    .where(
      or(
        like(mailOutbox.subject, `Off: ${eventName},%`),
        like(mailOutbox.subject, `Changed: ${eventName},%`),
      ),
    )
    .orderBy(mailOutbox.to, mailOutbox.subject);
}

const saveEvent = (event: ChapterEventRow, changes: object, cookie = world.w.cookies.host!) =>
  world.t.app.inject({
    method: 'POST',
    url: '/api/chapter_event',
    headers: { cookie },
    payload: {
      chapterId: event.chapterId,
      slug: event.slug,
      name: event.name,
      description: '',
      address1: event.address1,
      address2: '',
      city: event.city,
      state: event.state,
      postalCode: event.postalCode,
      country: 'US',
      startTime: event.startTime,
      endTime: event.endTime,
      isSingleDate: false,
      singleDate: null,
      dayOfWeekIndex: event.dayOfWeekIndex,
      weeksOfMonthIndexes: event.weeksOfMonthIndexes,
      ...changes,
    },
  });

/** Its notice messages: due at the moment of the change, none other. */
async function noticesDue(eventId: number) {
  const all = await messagesOf(world.t, world.w.chapter.id, 'notice');
  return all.filter((m) => m.eventId === eventId);
}

describe('notices to those going', () => {
  it('a skipped date: one notice at once, to those going to it only, with the host’s note', async () => {
    const { t, w } = world;
    const event = await addEvent(t, w.chapter.id, { name: 'Skipped Inn' });
    await going(t, event.id, THU[0], 'ann@example.org', BEFORE);
    await going(t, event.id, THU[1], 'bob@example.org', BEFORE);
    const res = await changeDate(world, event, THU[0], {
      status: 'cancelled',
      note: 'The bar is closed for a private party.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const due = await noticesDue(event.id);
    expect(due.map((m) => [m.occurrence, m.scheduledFor?.toISOString()])).toEqual([
      [THU[0], NOW.toISOString()],
    ]);
    await lookAndSend(t);
    const mail = await noticesOf('Skipped Inn');
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['ann@example.org', 'Off: Skipped Inn, Thu, Mar 6, 2031'],
    ]);
    expect(flat(mail[0]!.text)).toContain(
      'Greenpoint will not meet on Thursday, March 6, 2031, 6:00–8:00pm EST: the host skipped this date.',
    );
    expect(flat(mail[0]!.text)).toContain('The bar is closed for a private party.');
    expect(flat(mail[0]!.text)).toContain('Your RSVP stays on record');
    // Another look sends nothing more.
    await lookAndSend(t);
    expect(await noticesOf('Skipped Inn')).toHaveLength(1);
  });

  it('a moved date: the notice says from when to when', async () => {
    const { t, w } = world;
    const event = await addEvent(t, w.chapter.id, { name: 'Moved Tavern' });
    await going(t, event.id, THU[1], 'dee@example.org', BEFORE);
    const res = await moveDate(world, event, THU[1], {
      date: '2031-03-14',
      startTime: '19:00',
      endTime: '21:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    await lookAndSend(t);
    const mail = await noticesOf('Moved Tavern');
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['dee@example.org', 'Changed: Moved Tavern, Fri, Mar 14, 2031'],
    ]);
    expect(flat(mail[0]!.text)).toContain(
      "The meeting you're going to moved from Thursday, March 13, 2031, 6:00–8:00pm EDT to Friday, March 14, 2031, 7:00–9:00pm EDT.",
    );
    expect(flat(mail[0]!.text)).toContain('Your RSVP still stands.');
  });

  it('a new time: each coming date with people going gets its notice', async () => {
    const { t, w } = world;
    const event = await addEvent(t, w.chapter.id, { name: 'Clock Bar' });
    await going(t, event.id, THU[0], 'eve@example.org', BEFORE);
    await going(t, event.id, THU[1], 'eve@example.org', BEFORE);
    await going(t, event.id, THU[1], 'gil@example.org', BEFORE);
    const res = await saveEvent(event, { startTime: '18:30', endTime: '20:30' });
    expect(res.statusCode, res.body).toBe(200);
    await lookAndSend(t);
    const mail = await noticesOf('Clock Bar');
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['eve@example.org', 'Changed: Clock Bar, Thu, Mar 13, 2031'],
      ['eve@example.org', 'Changed: Clock Bar, Thu, Mar 6, 2031'],
      ['gil@example.org', 'Changed: Clock Bar, Thu, Mar 13, 2031'],
    ]);
    const march6 = mail.find((m) => m.subject.endsWith('Mar 6, 2031'))!;
    expect(flat(march6.text)).toContain(
      "The meeting you're going to now meets Thursday, March 6, 2031, 6:30–8:30pm EST (it was Thursday, March 6, 2031, 6:00–8:00pm EST).",
    );
  });

  it('a new place: the notice names both; a date already past tells no one', async () => {
    const { t, w } = world;
    const event = await addEvent(t, w.chapter.id, { name: 'Wandering Pub' });
    await going(t, event.id, THU[0], 'fay@example.org', BEFORE);
    await going(t, event.id, THU[1], 'gus@example.org', BEFORE);
    // Friday 7 March: the 6th has been.
    setClock('2031-03-07T15:00:00Z');
    // Signed in that day (a session is dated by the clock it was made on).
    const host = await signedInUser(t, { hostOf: [w.chapter.id] });
    const res = await saveEvent(event, { address1: '79 Nassau Ave' }, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    await lookAndSend(t);
    const mail = await noticesOf('Wandering Pub');
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ['gus@example.org', 'Changed: Wandering Pub, Thu, Mar 13, 2031'],
    ]);
    expect(flat(mail[0]!.text)).toContain(
      "The meeting you're going to is now at Wandering Pub, 79 Nassau Ave, Brooklyn, NY (it was Wandering Pub, 142 Franklin St, Brooklyn, NY).",
    );
    expect((await noticesDue(event.id)).map((m) => m.occurrence)).toEqual([THU[1]]);
  });

  it('a save that changes nothing of a date tells no one; the list hears no notice at all', async () => {
    const { t, w } = world;
    const event = await addEvent(t, w.chapter.id, { name: 'Steady Room' });
    await going(t, event.id, THU[1], 'hal@example.org', BEFORE);
    const res = await saveEvent(event, { description: 'Upstairs, by the window.' });
    expect(res.statusCode, res.body).toBe(200);
    await lookAndSend(t);
    expect(await noticesOf('Steady Room')).toEqual([]);
    // Lou is on the list and going nowhere: no notice of any of the changes above reached them.
    const toLou = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, 'lou@example.org'),
          or(like(mailOutbox.subject, 'Off:%'), like(mailOutbox.subject, 'Changed:%')),
        ),
      );
    expect(toLou).toEqual([]);
  });
});
