// Time zones across the early-November change (issue 34: "a test across the early-November
// change"; the March one is in listReminder.test.ts). Clocks go back on Sunday 2 November 2031
// at 2am, in New York and in Los Angeles alike. A list reminder goes at the chapter's hour on
// its local day, whichever side of the change; one "so many hours before" is that many hours.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addMembers,
  createReminderWorld,
  lookAndSend,
  mailTo,
  messagesOf,
  setClock,
  setReminders,
  type ReminderWorld,
} from '../../test/reminderWorld';
import { insertChapter } from '../../test/chapterAdminWorld';
import { giveChapterList } from '../mailing/testWorld';
import { addEvent } from '../rsvps/testWorld';
import type { ChapterRow } from '../../db/schema';

/** Monday 27 October 2031, 8am in New York (EDT). */
const OCT_27 = '2031-10-27T12:00:00Z';

let world: ReminderWorld;
let la: ChapterRow;
beforeAll(async () => {
  world = await createReminderWorld();
  const { t } = world;
  // Los Angeles: Tuesdays 6:30-8:30pm (a half-hour start), at Echo Park.
  la = await insertChapter(t, { title: 'Echo Park', city: 'Los Angeles', state: 'CA' });
  const laList = await giveChapterList(t, la.id, 'Echo Park list');
  await addEvent(t, la.id, {
    name: 'The Short Stop',
    address1: '1455 Sunset Blvd',
    city: 'Los Angeles',
    state: 'CA',
    postalCode: '90026',
    lat: 34.0781,
    lng: -118.2606,
    startTime: '18:30',
    endTime: '20:30',
    dayOfWeekIndex: 2,
  });
  await addMembers(t, laList, ['lia@example.org']);
  await addMembers(t, world.listId, ['nia@example.org']);
  setClock(OCT_27);
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
});

const scheduledFor = async (chapterId: number, kind: string, occurrence: string) => {
  const found = (await messagesOf(world.t, chapterId, kind)).find(
    (m) => m.occurrence === occurrence,
  );
  return found?.scheduledFor?.toISOString();
};

describe('reminders across the November change', () => {
  it("plans each date's reminder at 10am local on its day, either side of the change", async () => {
    const { t, w } = world;
    await t.app.mailSchedule.look();
    // New York, Thursday 6 November 6pm EST: three days before is Monday 3 November, 10am EST.
    expect(await scheduledFor(w.chapter.id, 'reminder', '2031-11-06')).toBe(
      '2031-11-03T15:00:00.000Z',
    );
    // Los Angeles, Tuesday 4 November 6:30pm PST: Saturday 1 November, 10am PDT.
    expect(await scheduledFor(la.id, 'reminder', '2031-11-04')).toBe('2031-11-01T17:00:00.000Z');
  });

  it('sends the Los Angeles reminder at 10am PDT on the Saturday, telling the time it meets after the change', async () => {
    const { t } = world;
    setClock('2031-11-01T16:59:00Z'); // 9:59am PDT
    await lookAndSend(t);
    expect(await mailTo(t, 'Reminder: The Short Stop, Tue, Nov 4')).toHaveLength(0);
    setClock('2031-11-01T17:00:30Z');
    await lookAndSend(t);
    const mail = await mailTo(t, 'Reminder: The Short Stop, Tue, Nov 4');
    expect(mail.map((m) => m.to)).toEqual(['lia@example.org']);
    // Sent on a day of Pacific daylight time, for a meeting after the change: its zone as it
    // will be then.
    expect(mail[0]!.text).toContain('Tuesday, November 4, 2031, 6:30–8:30pm PST');
    expect(mail[0]!.text).not.toContain('PDT');
    // 6:30pm PST is 2:30am UTC on the 5th.
    expect(mail[0]!.text).toContain('dates=20311105T023000Z%2F20311105T043000Z');
  });

  it('sends the New York reminder at 10am EST on the Monday, not an hour early', async () => {
    const { t } = world;
    setClock('2031-11-03T14:59:00Z'); // 9:59am EST
    await lookAndSend(t);
    expect(await mailTo(t, 'Reminder: Pencil Factory, Thu, Nov 6')).toHaveLength(0);
    setClock('2031-11-03T15:00:30Z');
    await lookAndSend(t);
    const mail = await mailTo(t, 'Reminder: Pencil Factory, Thu, Nov 6');
    expect(mail.map((m) => m.to)).toEqual(['nia@example.org']);
    expect(mail[0]!.text).toContain('Thursday, November 6, 2031, 6:00–8:00pm EST');
    // The calendar links carry the meeting's instant: 6pm EST is 11pm UTC.
    expect(mail[0]!.text).toContain('dates=20311106T230000Z%2F20311107T010000Z');
  });

  it('counts "hours before" in hours, and the day before at the half hour, across the change', async () => {
    const { t } = world;
    await setReminders(t, la.id, { rsvpReminderHours: 72, hostDigestHours: 24 });
    setClock('2031-10-31T12:00:00Z');
    await t.app.mailSchedule.look();
    // Tuesday 4 November 6:30pm PST is 02:30 UTC on the 5th. 24 hours before: Monday 6:30pm
    // PST; 72 hours before: Saturday 1 November 7:30pm PDT (the Sunday had 25 hours).
    expect(await scheduledFor(la.id, 'digest', '2031-11-04')).toBe('2031-11-04T02:30:00.000Z');
    expect(await scheduledFor(la.id, 'rsvpReminder', '2031-11-04')).toBe(
      '2031-11-02T02:30:00.000Z',
    );
  });
});
