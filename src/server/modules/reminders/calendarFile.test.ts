// The date's own calendar file (issue 34, item 2: the reminder goes "with the .ics"), read as a
// mail program gets it: over SMTP, parsed by mailparser, the file by ical.js (an independent
// parser). The reminder to those going carries a text/calendar part, METHOD:PUBLISH, with the
// one date in the chapter's zone, on either side of the March change (Sunday 9 March 2031), and
// one UID per event and date; a notice of a change to a date carries the same UID with a higher
// SEQUENCE, and a skip's is a CANCEL. NOW is Tuesday 4 March 2031, 10am in New York; the event
// meets Thursdays 6-8pm in Brooklyn.
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOW, THU } from '../rsvps/testWorld';
import {
  changeDate,
  createReminderWorld,
  going,
  lookAndSend,
  moveDate,
  setClock,
  type ReminderWorld,
} from '../../test/reminderWorld';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtpCatcher';

const BEFORE = new Date('2031-03-01T12:00:00Z');

let catcher: SmtpCatcher;
let world: ReminderWorld;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  world = await createReminderWorld({ SMTP_URL: catcher.url });
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
  await catcher.close();
});

const caught = (subjectStart: string) =>
  catcher.received.filter((m) => m.subject?.startsWith(subjectStart));

/** The message's calendar part, and its one VEVENT as ical.js reads it. */
function calendarOf(mail: ParsedMail) {
  const parts = mail.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(parts).toHaveLength(1);
  const part = parts[0]!;
  const ics = part.content.toString('utf8');
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const vevents = root.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const vevent = vevents[0]!;
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty('dtstart')!;
  return {
    filename: part.filename,
    contentTypeMethod: part.headers.get('content-type'),
    method: root.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    tzid: dtstart.getParameter('tzid'),
    localStart: event.startDate.toString(),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    recurring: event.isRecurring(),
  };
}

describe("the date's calendar file", () => {
  it('a notice of a moved date updates the entry (higher SEQUENCE); a skip cancels it', async () => {
    const { t, event } = world;
    setClock(NOW);
    await going(t, event.id, THU[2], 'ivy@example.org', BEFORE);
    const to = { date: '2031-03-21', startTime: '19:30', endTime: '21:30' };
    const moved = await moveDate(world, event, THU[2], to);
    expect(moved.statusCode, moved.body).toBe(200);
    await lookAndSend(t);
    const [changed] = caught('Changed: Pencil Factory');
    expect(changed!.text).toContain('the attached file updates it');
    expect(calendarOf(changed!)).toMatchObject({
      method: 'PUBLISH',
      uid: expect.stringMatching(new RegExp(`^event-${event.id}-on-${THU[2]}@`)),
      sequence: 1,
      tzid: 'America/New_York',
      localStart: '2031-03-21T19:30:00',
      start: '2031-03-21T23:30:00.000Z',
      recurring: false,
    });
    const skipped = await changeDate(world, event, THU[2], { status: 'cancelled', note: '' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    await lookAndSend(t);
    const [off] = caught('Off: Pencil Factory');
    const cancel = calendarOf(off!);
    expect(cancel).toMatchObject({
      method: 'CANCEL',
      uid: calendarOf(changed!).uid,
      sequence: 2,
      status: 'CANCELLED',
    });
    expect(cancel.contentTypeMethod).toMatchObject({ params: { method: 'CANCEL' } });
  });

  it('the reminder to those going carries the one date in the chapter’s zone, either side of the March change', async () => {
    const { t, event } = world;
    await going(t, event.id, THU[0], 'dee@example.org', BEFORE, 'Dee');
    await going(t, event.id, THU[1], 'dee@example.org', BEFORE, 'Dee');
    // 24 hours before each: Wednesday 6pm EST, then Wednesday 6pm EDT.
    setClock('2031-03-05T23:00:30Z');
    await lookAndSend(t);
    setClock('2031-03-12T22:00:30Z');
    await lookAndSend(t);
    const reminders = caught('See you soon: Pencil Factory');
    expect(reminders.map((m) => m.subject)).toEqual([
      'See you soon: Pencil Factory, Thu, Mar 6, 2031',
      'See you soon: Pencil Factory, Thu, Mar 13, 2031',
    ]);
    const [winter, summer] = reminders.map(calendarOf);
    expect(reminders[0]!.text).toContain('open the attached meeting.ics');
    expect(winter).toMatchObject({
      filename: 'meeting.ics',
      contentTypeMethod: { value: 'text/calendar', params: { method: 'PUBLISH' } },
      method: 'PUBLISH',
      uid: expect.stringMatching(new RegExp(`^event-${event.id}-on-${THU[0]}@`)),
      sequence: 0,
      tzid: 'America/New_York',
      localStart: `${THU[0]}T18:00:00`,
      start: '2031-03-06T23:00:00.000Z',
      end: '2031-03-07T01:00:00.000Z',
      recurring: false,
    });
    // After the change, 6pm in New York is 22:00 UTC.
    expect(summer).toMatchObject({
      uid: expect.stringMatching(new RegExp(`^event-${event.id}-on-${THU[1]}@`)),
      tzid: 'America/New_York',
      localStart: `${THU[1]}T18:00:00`,
      start: '2031-03-13T22:00:00.000Z',
      end: '2031-03-14T00:00:00.000Z',
    });
  });
});
