// Items 2, 5 and the settings of issue 34: the reminder to those going (one reminder an
// address a date), the hosts' digest, the "I'm going" page (a GET records nothing), and
// settings out of range. NOW is Tuesday 4 March 2031, 10am in New York; Thursdays 6-8pm.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { THU } from '../rsvps/testWorld';
import {
  addMembers,
  copiesOf,
  createReminderWorld,
  going,
  lookAndSend,
  mailTo,
  messagesOf,
  setClock,
  type ReminderWorld,
} from '../../test/reminderWorld';
import { chapterEvents, chapters, rsvps } from '../../db/schema';

let world: ReminderWorld;
beforeAll(async () => {
  world = await createReminderWorld();
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
});

describe('email to those going and to the hosts', () => {
  it("the list reminder's page shows the meeting, and only its button records the RSVP", async () => {
    const { t, w, listId, event } = world;
    await addMembers(t, listId, ['cal@example.org']);
    await lookAndSend(t);
    const [reminder] = (await messagesOf(t, w.chapter.id, 'reminder')).filter(
      (m) => m.occurrence === THU[0],
    );
    const [copy] = await copiesOf(t, reminder!.id);
    const page = await t.app.inject({ method: 'GET', url: `/api/going/${copy!.trackingToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      eventName: 'Pencil Factory',
      when: 'Thursday, March 6, 2031, 6:00–8:00pm EST',
      status: null,
      open: true,
    });
    expect(await t.db.select().from(rsvps).where(eq(rsvps.eventId, event.id))).toHaveLength(0);
    const pressed = await t.app.inject({
      method: 'POST',
      url: `/api/going/${copy!.trackingToken}`,
      payload: { going: true },
    });
    expect(pressed.json()).toMatchObject({ status: 'going', email: 'cal@example.org' });
    const counted = await t.db
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.date, THU[0])));
    expect(counted.map((r) => [r.email, r.status])).toEqual([['cal@example.org', 'going']]);
  });

  it('those going before the moment get one reminder; the hosts get the digest with the names', async () => {
    const { t, event } = world;
    await going(t, event.id, THU[0], 'dee@example.org', new Date('2031-03-01T12:00:00Z'), 'Dee');
    // Wednesday 6pm: 24 hours before. Cal got the list's reminder already: nothing more.
    setClock('2031-03-05T23:00:30Z');
    await lookAndSend(t);
    const reminders = await mailTo(t, 'See you soon: Pencil Factory');
    expect(reminders.map((m) => m.to)).toEqual(['dee@example.org']);
    expect(reminders[0]!.headers['List-Unsubscribe']).toBeUndefined();
    expect(reminders[0]!.text).toMatch(/\/going\/[0-9a-f]{32}/);
    expect(reminders[0]!.text).toContain('Thursday, March 6, 2031, 6:00–8:00pm EST');
    const digest = await mailTo(t, 'Tomorrow at Pencil Factory');
    expect(digest.map((m) => m.to)).toEqual([world.w.users.host.email]);
    expect(digest[0]!.subject).toBe('Tomorrow at Pencil Factory: 2 going');
    expect(digest[0]!.text).toContain('Dee');
  });

  it("the page writes a place abroad without the International pseudo-state ('INT')", async () => {
    const { t, w, event } = world;
    const [reminder] = (await messagesOf(t, w.chapter.id, 'reminder')).filter(
      (m) => m.occurrence === THU[0],
    );
    const [copy] = await copiesOf(t, reminder!.id);
    const at = { address1: '249 Victoria St', city: 'Toronto', state: 'INT' };
    await t.db.update(chapterEvents).set(at).where(eq(chapterEvents.id, event.id));
    try {
      const page = await t.app.inject({ method: 'GET', url: `/api/going/${copy!.trackingToken}` });
      expect(page.json()).toMatchObject({ place: 'Pencil Factory, 249 Victoria St, Toronto' });
    } finally {
      await t.db
        .update(chapterEvents)
        .set({ address1: event.address1, city: event.city, state: event.state })
        .where(eq(chapterEvents.id, event.id));
    }
  });

  it('refuses a setting out of range with 400 naming the field, and saves nothing', async () => {
    const { t, w } = world;
    setClock();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/chapter',
      headers: { cookie: w.cookies.host! },
      payload: { id: w.chapter.id, reminderDaysBefore: 15, reminderHour: 9 },
    });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain('reminderDaysBefore');
    const [row] = await t.db.select().from(chapters).where(eq(chapters.id, w.chapter.id));
    expect(row).toMatchObject({ reminderDaysBefore: 3, reminderHour: 10 });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/chapter',
      headers: { cookie: w.cookies.host! },
      payload: { id: w.chapter.id, rsvpReminderHours: 48 },
    });
    expect(saved.statusCode).toBe(200);
  });
});
