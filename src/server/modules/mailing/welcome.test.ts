// The welcome a confirmed list sign-up gets (issue 34, item 3), read as the member reads it:
// with a next meeting, its date, time and place in the chapter's own zone (Oakland, Pacific
// time, so not the server's) and the add-to-calendar links, in the HTML and the text part;
// without one, a welcome that reads well on its own. NOW is Tuesday 4 March 2031.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { addEvent, createRsvpWorld, type RsvpWorld } from '../rsvps/testWorld';
import { giveChapterList, setEmailService } from './testWorld';

let world: RsvpWorld;
beforeAll(async () => {
  world = await createRsvpWorld();
  await setEmailService(world.t, 'bronto');
});
afterAll(async () => {
  vi.useRealTimers();
  await world.t.close();
});

/** Signs `email` up to the chapter's list and follows the link mailed; answers the welcome. */
async function joinAndConfirm(chapterId: number, email: string) {
  const { t } = world;
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/mailing_list/sign_up_chapter',
    payload: { email, chapterId },
  });
  expect(signUp.json()).toMatchObject({ results: [{ isError: false, confirmByEmail: true }] });
  const [link] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = /\/confirm-subscription\/([A-Za-z0-9_-]{43})/.exec(link!.text)![1]!;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `/api/mailing_list/confirm/${token}`,
    payload: {},
  });
  expect(confirmed.json()).toMatchObject({ result: 'confirmed', email });
  const welcomes = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Welcome to %')));
  expect(welcomes).toHaveLength(1);
  return { answer: confirmed.json() as Record<string, unknown>, welcome: welcomes[0]! };
}

describe('the welcome after a confirmed sign-up', () => {
  it('names the next meeting in the chapter zone, with its place and calendar links, in both parts', async () => {
    const { t, w } = world;
    await giveChapterList(t, w.other.id, 'Oakland list');
    // Thursdays 6-8pm in Oakland: the next is Thursday 6 March, 6pm PST = 02:00 UTC the 7th.
    const event = await addEvent(t, w.other.id, {
      name: 'The Dead Poet',
      address1: '450 Grand Ave',
      city: 'Oakland',
      state: 'CA',
      postalCode: '94610',
      lat: 37.8116,
      lng: -122.2587,
    });
    const { answer, welcome } = await joinAndConfirm(w.other.id, 'dana@example.org');
    expect(answer.nextMeeting).toMatchObject({ date: '2031-03-06', zone: 'PST' });

    const when = 'Thursday, March 6, 2031, 6:00–8:00pm PST';
    const place = '450 Grand Ave, Oakland, CA';
    const google = /https:\/\/calendar\.google\.com\/calendar\/[^\s"<]+/;
    const ics = `/api/chapter_calendar/event/${event.slug}/event.ics`;
    for (const part of [welcome.text, welcome.html ?? '']) {
      expect(part).toContain('The Dead Poet');
      expect(part).toContain(when);
      expect(part).toContain(place);
      expect(part).toContain(ics);
      // Google's dates are UTC instants: 6pm Pacific is 02:00 the next day.
      const link = google.exec(part)![0].replaceAll('&amp;', '&');
      expect(decodeURIComponent(link)).toContain('20310307T020000Z/20310307T040000Z');
    }
    expect(welcome.text).toContain('Google:');
    expect(welcome.text).not.toMatch(/undefined|null|NaN/);
  });

  it('reads well for a chapter with no meeting on the calendar: no meeting block, nothing missing', async () => {
    const { t, w } = world;
    await giveChapterList(t, w.chapter.id, 'Greenpoint list');
    const { answer, welcome } = await joinAndConfirm(w.chapter.id, 'eli@example.org');
    expect(answer.nextMeeting).toBeNull();
    expect(welcome.text).toContain('No meeting is on the calendar just yet');
    expect(welcome.html).toContain('No meeting is on the calendar just yet');
    for (const part of [welcome.text, welcome.html ?? '']) {
      expect(part).not.toMatch(/undefined|null|NaN|\[object/);
      expect(part).not.toMatch(/next meeting/i);
      expect(part).not.toContain('Add to calendar');
      expect(part).not.toContain('calendar.google.com');
      expect(part).not.toContain('.ics');
    }
    // No empty lines run together where a block would have been.
    expect(welcome.text).not.toMatch(/\n\s*\n\s*\n/);
  });
});
