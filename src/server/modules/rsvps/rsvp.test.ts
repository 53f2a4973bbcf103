// "I'm going" as a visitor and as a signed-in user (issue 33 items 1, 2 and 4): the visitor is
// counted once they follow the mailed link, the user at once; one RSVP per address per date;
// counts are people, confirmed only, and never names.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rsvps } from '../../db/schema';
import type { ChapterEventRow } from '../../db/schema';
import {
  addEvent,
  confirmedRsvp,
  counts,
  createRsvpWorld,
  linkToken,
  mailsTo,
  postRsvp,
  THU,
  tokenCall,
  type RsvpWorld,
} from './testWorld';

let rw: RsvpWorld;
let event: ChapterEventRow;

beforeAll(async () => {
  rw = await createRsvpWorld();
  event = await addEvent(rw.t, rw.w.chapter.id);
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

describe('a visitor says they are going', () => {
  it('is told to check their mail, counted only once they confirm through the link', async () => {
    const email = 'ada@example.org';
    const res = await postRsvp(rw.t, event.slug, THU[0], { name: 'Ada', email, guests: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unconfirmed' });
    expect(await counts(rw.t, event.slug, THU[0])).toEqual({
      going: 0,
      waitlisted: 0,
      capacity: null,
    });

    const [mail] = await mailsTo(rw.t, email);
    expect(mail!.subject).toBe('Please confirm your RSVP: Pencil Factory');
    expect(mail!.text).toContain('Hi Ada,');
    expect(mail!.text).toContain('Thursday, March 6, 2031, 6:00–8:00pm');
    expect(mail!.text).toContain('142 Franklin St, Brooklyn, NY');
    expect(mail!.text).toContain('you and 1 guest');

    const token = await linkToken(rw.t, email);
    // Opening the page reads; it confirms nothing.
    const seen = await tokenCall(rw.t, token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'unconfirmed', name: 'Ada', guests: 1 });
    expect((await counts(rw.t, event.slug, THU[0])).going).toBe(0);

    const confirmed = await tokenCall(rw.t, token, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'going',
      position: null,
      date: { date: THU[0], status: 'scheduled', meetsOn: THU[0], past: false },
      event: { slug: event.slug, name: 'Pencil Factory' },
      counts: { going: 2, waitlisted: 0, capacity: null },
    });
    expect(await counts(rw.t, event.slug, THU[0])).toEqual({
      going: 2,
      waitlisted: 0,
      capacity: null,
    });
    const [going] = await mailsTo(rw.t, email);
    expect(going!.subject).toBe("You're going: Pencil Factory, Thu, Mar 6, 2031");
    expect(going!.text).toMatch(/\/rsvp\/[A-Za-z0-9_-]{43}/);

    // Confirming again (a mail scanner, a second click) changes nothing.
    expect((await tokenCall(rw.t, token, 'confirm')).json()).toMatchObject({ status: 'going' });
    expect((await counts(rw.t, event.slug, THU[0])).going).toBe(2);
  });

  it('keeps one RSVP per address and date: a second one changes the guests once confirmed', async () => {
    const email = 'Bea@Example.org';
    await confirmedRsvp(rw.t, event.slug, THU[1], { name: 'Bea', email, guests: 0 });
    expect((await counts(rw.t, event.slug, THU[1])).going).toBe(1);

    // Someone else types Bea's address: nothing changes until the link is followed.
    const again = await postRsvp(rw.t, event.slug, THU[1], {
      name: 'Not Bea',
      email: 'bea@example.org',
      guests: 2,
    });
    expect(again.json()).toEqual({ status: 'unconfirmed' });
    expect((await counts(rw.t, event.slug, THU[1])).going).toBe(1);
    const rows = await rw.t.db
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.date, THU[1])));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Bea', guests: 0, status: 'going', pendingGuests: 2 });
  });

  it('answers the same whatever the address had before, and names nobody in public', async () => {
    const res = await postRsvp(rw.t, event.slug, THU[1], {
      name: 'Probe',
      email: 'bea@example.org',
      guests: 0,
    });
    const fresh = await postRsvp(rw.t, event.slug, THU[1], {
      name: 'Probe',
      email: 'nobody.yet@example.org',
      guests: 0,
    });
    expect(res.json()).toEqual(fresh.json());
    const publicCounts = await rw.t.app.inject({
      url: `/api/chapter_event/slug/${event.slug}/dates/${THU[1]}/rsvp`,
    });
    expect(publicCounts.body).not.toMatch(/bea|Probe/i);
  });
});

describe('a signed-in user says they are going', () => {
  it('is counted at once, under their account name and address, and mailed their link', async () => {
    const res = await postRsvp(
      rw.t,
      event.slug,
      THU[2],
      { name: 'ignored', email: 'ignored@example.org', guests: 2 },
      { cookie: rw.w.cookies.noRole },
    );
    expect(res.statusCode).toBe(200);
    // The answer carries the date's counts as the RSVP left them: the page shows them at once.
    expect(res.json()).toEqual({
      status: 'going',
      counts: { going: 3, waitlisted: 0, capacity: null },
    });
    expect((await counts(rw.t, event.slug, THU[2])).going).toBe(3);
    const user = rw.w.users.noRole;
    const [row] = await rw.t.db
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.date, THU[2])));
    expect(row).toMatchObject({ name: user.name, email: user.email, userId: user.id });
    expect((await mailsTo(rw.t, 'ignored@example.org')).length).toBe(0);
    const [mail] = await mailsTo(rw.t, user.email);
    expect(mail!.subject).toContain("You're going");
    // Its link opens their RSVP's page, where they can cancel without signing in.
    const page = await tokenCall(rw.t, await linkToken(rw.t, user.email));
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'going', guests: 2, email: user.email });

    // Again with fewer guests: the same RSVP, changed at once.
    const again = await postRsvp(
      rw.t,
      event.slug,
      THU[2],
      { guests: 0 },
      {
        cookie: rw.w.cookies.noRole,
      },
    );
    expect(again.json()).toEqual({
      status: 'going',
      counts: { going: 1, waitlisted: 0, capacity: null },
    });
    expect((await counts(rw.t, event.slug, THU[2])).going).toBe(1);
  });
});

describe('cancelling from the link', () => {
  it('takes the person off the count; cancelling again changes nothing', async () => {
    const email = 'cy@example.org';
    const { token } = await confirmedRsvp(rw.t, event.slug, THU[3], {
      name: 'Cy',
      email,
      guests: 1,
    });
    const before = (await counts(rw.t, event.slug, THU[3])).going;
    const cancelled = await tokenCall(rw.t, token, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await counts(rw.t, event.slug, THU[3])).going).toBe(before - 2);
    expect((await tokenCall(rw.t, token, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect((await counts(rw.t, event.slug, THU[3])).going).toBe(before - 2);
  });

  it('is a 404 for a token that names no RSVP', async () => {
    const res = await tokenCall(rw.t, 'A'.repeat(43), 'cancel');
    expect(res.statusCode).toBe(404);
    expect((await tokenCall(rw.t, 'short')).statusCode).toBe(404);
  });
});
