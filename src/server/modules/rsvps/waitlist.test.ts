// Capacity and the waitlist (issue 33 item 3): past the cap an RSVP waits with its place in the
// line; a cancellation moves up the first waiting RSVPs that fit, each told by mail. Two people
// taking the last place at once on two app servers: one goes, one waits, never both.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTwoAppServers } from '../../test/app';
import { createChapterAdminWorld, type ChapterAdminWorld } from '../../test/chapterAdminWorld';
import { signedInUser } from '../../test/users';
import {
  addEvent,
  confirmedRsvp,
  counts,
  mailsTo,
  rsvpUrl,
  setClock,
  THU,
  tokenCall,
} from './testWorld';

let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let w: ChapterAdminWorld;

beforeAll(async () => {
  setClock();
  servers = await createTwoAppServers({
    env: { AUTH_RATE_LIMIT_MAX: '10000', PUBLIC_CACHE_SECONDS: '0' },
  });
  w = await createChapterAdminWorld(servers.t);
});
afterAll(async () => {
  vi.useRealTimers();
  await servers.close();
});

describe('the waitlist', () => {
  it('waits past the cap with its number, and moves up the first that fits when someone cancels', async () => {
    const { t } = servers;
    const event = await addEvent(t, w.chapter.id, { capacity: 5, maxGuests: 3 });
    const ann = await confirmedRsvp(t, event.slug, THU[0], {
      name: 'Ann',
      email: 'ann.w@example.org',
      guests: 2,
    });
    expect(ann.page.status).toBe('going');
    const ben = await confirmedRsvp(t, event.slug, THU[0], {
      name: 'Ben',
      email: 'ben.w@example.org',
      guests: 1,
    });
    expect(ben.page.status).toBe('going');
    // Five going: the cap. A party of three waits first, then one alone.
    const cat = await confirmedRsvp(t, event.slug, THU[0], {
      name: 'Cat',
      email: 'cat.w@example.org',
      guests: 2,
    });
    expect(cat.page).toMatchObject({ status: 'waitlisted', position: 1 });
    const dan = await confirmedRsvp(t, event.slug, THU[0], {
      name: 'Dan',
      email: 'dan.w@example.org',
    });
    expect(dan.page).toMatchObject({ status: 'waitlisted', position: 2 });
    const [waitMail] = await mailsTo(t, 'dan.w@example.org');
    expect(waitMail!.subject).toBe("You're on the waitlist (number 2): Pencil Factory");
    expect(await counts(t, event.slug, THU[0])).toEqual({
      going: 5,
      waitlisted: 4,
      capacity: 5,
    });

    // Ben (two people) cancels: Cat's three do not fit, Dan does, and is told.
    await tokenCall(t, ben.token, 'cancel');
    expect((await tokenCall(t, dan.token)).json()).toMatchObject({
      status: 'going',
      position: null,
    });
    expect((await tokenCall(t, cat.token)).json()).toMatchObject({
      status: 'waitlisted',
      position: 1,
    });
    const [moved] = await mailsTo(t, 'dan.w@example.org');
    expect(moved!.subject).toBe("A place opened up: you're going to Pencil Factory");
    expect(moved!.text).toMatch(/\/rsvp\/[A-Za-z0-9_-]{43}/);
    expect(await counts(t, event.slug, THU[0])).toEqual({ going: 4, waitlisted: 3, capacity: 5 });

    // Ann's three leave: Cat's three move up.
    await tokenCall(t, ann.token, 'cancel');
    expect((await tokenCall(t, cat.token)).json()).toMatchObject({ status: 'going' });
    expect(await counts(t, event.slug, THU[0])).toEqual({ going: 4, waitlisted: 0, capacity: 5 });
  });

  it('tells a signed-in user their place in the line', async () => {
    const { t } = servers;
    const event = await addEvent(t, w.chapter.id, { capacity: 1 });
    await confirmedRsvp(t, event.slug, THU[1], { name: 'Eve', email: 'eve.w@example.org' });
    const res = await t.app.inject({
      method: 'POST',
      url: rsvpUrl(event.slug, THU[1]),
      payload: { guests: 0 },
      headers: { cookie: w.cookies.noRole! },
    });
    expect(res.json()).toEqual({
      status: 'waitlisted',
      position: 1,
      counts: { going: 1, waitlisted: 1, capacity: 1 },
    });
  });
});

describe('a cap raised', () => {
  it('moves those waiting up, and tells them', async () => {
    const { t } = servers;
    const event = await addEvent(t, w.chapter.id, { capacity: 1 });
    await confirmedRsvp(t, event.slug, THU[1], { name: 'Fay', email: 'fay.w@example.org' });
    const gus = await confirmedRsvp(t, event.slug, THU[1], {
      name: 'Gus',
      email: 'gus.w@example.org',
    });
    expect(gus.page.status).toBe('waitlisted');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/chapter_event',
      headers: { cookie: w.cookies.host! },
      payload: {
        slug: event.slug,
        chapterId: w.chapter.id,
        name: event.name,
        address1: event.address1,
        city: event.city,
        state: event.state,
        postalCode: event.postalCode,
        startTime: event.startTime,
        endTime: event.endTime,
        isSingleDate: false,
        dayOfWeekIndex: event.dayOfWeekIndex,
        weeksOfMonthIndexes: event.weeksOfMonthIndexes,
        capacity: 2,
        maxGuests: 2,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect((await tokenCall(t, gus.token)).json()).toMatchObject({ status: 'going' });
    const [mail] = await mailsTo(t, 'gus.w@example.org');
    expect(mail!.subject).toBe("A place opened up: you're going to Pencil Factory");
  });
});

describe('the last place, taken at once on two app servers', () => {
  it('goes to one of them; the other waits, round after round', async () => {
    const { t, second } = servers;
    const people = await Promise.all(Array.from({ length: 16 }, () => signedInUser(t)));
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const event = await addEvent(t, w.chapter.id, { capacity: 1 });
      const [a, b] = [people[round * 2]!, people[round * 2 + 1]!];
      const answers = await Promise.all(
        [
          [t.app, a],
          [second, b],
        ].map(([app, person]) =>
          (app as typeof second).inject({
            method: 'POST',
            url: rsvpUrl(event.slug, THU[2]),
            payload: { guests: 0 },
            headers: { cookie: (person as { cookie: string }).cookie },
          }),
        ),
      );
      const statuses = answers.map((r) => r.json<{ status: string }>().status).sort();
      expect(statuses).toEqual(['going', 'waitlisted']);
      expect(await counts(t, event.slug, THU[2])).toEqual({ going: 1, waitlisted: 1, capacity: 1 });
    }
  });

  it('never places more people than the cap under a crowd on both servers', async () => {
    const { t, second } = servers;
    const event = await addEvent(t, w.chapter.id, { capacity: 7, maxGuests: 2 });
    const people = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t)));
    await Promise.all(
      people.map((person, n) =>
        (n % 2 ? second : t.app).inject({
          method: 'POST',
          url: rsvpUrl(event.slug, THU[3]),
          payload: { guests: n % 3 },
          headers: { cookie: person.cookie },
        }),
      ),
    );
    const after = await counts(t, event.slug, THU[3]);
    expect(after.going).toBeLessThanOrEqual(7);
    expect(after.going).toBeGreaterThanOrEqual(5);
    expect(after.going + after.waitlisted).toBe(
      20 + [...Array(20).keys()].reduce((s, n) => s + (n % 3), 0),
    );
  });
});
