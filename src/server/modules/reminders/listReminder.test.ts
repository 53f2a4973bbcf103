// Item 1 of issue 34: the meeting reminder to the list, on its moment, once, to those who may
// get it; its "I'm going" page; cancelling and rescheduling it. NOW is Tuesday 4 March 2031,
// 10am in New York; the event meets Thursdays 6-8pm.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOW, THU } from '../rsvps/testWorld';
import {
  addMembers,
  copiesOf,
  createReminderWorld,
  going,
  lookAndSend,
  mailTo,
  messagesOf,
  setClock,
  setReminders,
  type ReminderWorld,
} from '../../test/reminderWorld';
import { chapterSendsSchema } from '../../../common/schemas/sends';

let world: ReminderWorld;
beforeAll(async () => {
  world = await createReminderWorld();
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
});
afterEach(() => setClock(NOW));

describe('the meeting reminder to the list', () => {
  it('goes once to each confirmed member not already going, within one poll of a moment that passed', async () => {
    const { t, w, listId, event } = world;
    await addMembers(t, listId, ['ann@example.org', 'bob@example.org', 'fay@example.org']);
    await addMembers(t, listId, ['uma@example.org'], 'unsub');
    await addMembers(t, listId, ['ugo@example.org'], 'unconfirmed');
    await addMembers(t, listId, ['bea@example.org'], 'bounce');
    await addMembers(t, listId, ['bo@example.org'], 'blocked');
    await going(t, event.id, THU[0], 'fay@example.org', new Date('2031-03-01T12:00:00Z'));
    // Thursday the 6th's reminder was due Monday 10am (3 days before); the meeting is 32 hours
    // away: it goes now.
    await lookAndSend(t);
    const mail = await mailTo(t, 'Reminder: Pencil Factory, Thu, Mar 6');
    expect(mail.map((m) => m.to)).toEqual(['ann@example.org', 'bob@example.org']);
    expect(mail[0]!.headers['List-Unsubscribe']).toMatch(/unsubscribe/);
    expect(mail[0]!.text).toContain('142 Franklin St');
    // Read far from Brooklyn, perhaps: the time says its zone.
    expect(mail[0]!.text).toContain('Thursday, March 6, 2031, 6:00–8:00pm EST');
    expect(mail[0]!.html).toMatch(/\/going\/[0-9a-f]{32}/);
    // Another look (on this server or another) sends nothing again.
    await lookAndSend(t);
    expect(await mailTo(t, 'Reminder: Pencil Factory, Thu, Mar 6')).toHaveLength(2);
    const [fired] = (await messagesOf(t, w.chapter.id, 'reminder')).filter(
      (m) => m.occurrence === THU[0],
    );
    expect(fired!.status).toBe('finished');
  });

  it('waits for the next date at 10am three days before, in the chapter zone (after the March change)', async () => {
    const { t, w } = world;
    const next = (await messagesOf(t, w.chapter.id, 'reminder')).find(
      (m) => m.occurrence === THU[1],
    );
    // Monday 10 March 2031, 10am EDT (clocks went forward on the 9th).
    expect(next).toMatchObject({ status: 'scheduled' });
    expect(next!.scheduledFor!.toISOString()).toBe('2031-03-10T14:00:00.000Z');
  });

  it('shows in the sends list with its kind and moment, and the host can cancel it for good', async () => {
    const { t, w } = world;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/mailing_list/chapter/${w.chapter.id}/sends`,
      headers: { cookie: w.cookies.host! },
    });
    expect(list.statusCode).toBe(200);
    const sends = chapterSendsSchema.parse(list.json());
    const ahead = sends.find((s) => s.kind === 'reminder' && s.status === 'scheduled');
    expect(ahead?.scheduledFor).toBe('2031-03-10T14:00:00.000Z');
    expect(sends.some((s) => s.kind === 'reminder' && s.status === 'finished')).toBe(true);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/mailing_list/sends/${ahead!.id}/cancel`,
      headers: { cookie: w.cookies.host! },
      payload: {},
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', kind: 'reminder' });
    // Its moment comes and goes; the plan does not bring it back.
    setClock('2031-03-10T15:00:00Z');
    await lookAndSend(t);
    expect(await mailTo(t, 'Reminder: Pencil Factory, Thu, Mar 13')).toHaveLength(0);
    const again = (await messagesOf(t, w.chapter.id, 'reminder')).filter(
      (m) => m.occurrence === THU[1],
    );
    expect(again.map((m) => m.status)).toEqual(['cancelled']);
  });

  it('moves with a change of setting, and drops a moment that passed too near the meeting', async () => {
    const { t, w } = world;
    await setReminders(t, w.chapter.id, { reminderHour: 18 });
    setClock('2031-03-12T12:00:00Z');
    await t.app.mailSchedule.look();
    const third = (await messagesOf(t, w.chapter.id, 'reminder')).find(
      (m) => m.occurrence === THU[2],
    );
    // Monday 17 March, 6pm EDT.
    expect(third!.scheduledFor!.toISOString()).toBe('2031-03-17T22:00:00.000Z');
    // Every server down from before that moment until Thursday noon: 6 hours before the
    // meeting is too late for a reminder of it.
    setClock('2031-03-20T16:00:00Z');
    await lookAndSend(t);
    expect(await mailTo(t, 'Reminder: Pencil Factory, Thu, Mar 20')).toHaveLength(0);
    const dropped = (await messagesOf(t, w.chapter.id, 'reminder')).find(
      (m) => m.occurrence === THU[2],
    );
    expect(dropped!.status).toBe('dropped');
    const copies = await copiesOf(t, dropped!.id);
    expect(copies).toHaveLength(0);
  });

  it('turned off (0 days), plans nothing more', async () => {
    const { t, w } = world;
    await setReminders(t, w.chapter.id, { reminderDaysBefore: 0 });
    setClock('2031-03-20T23:00:00Z');
    await t.app.mailSchedule.look();
    const ahead = (await messagesOf(t, w.chapter.id, 'reminder')).filter(
      (m) => m.status === 'scheduled',
    );
    expect(ahead).toEqual([]);
    await setReminders(t, w.chapter.id, { reminderDaysBefore: 3, reminderHour: 10 });
  });
});
