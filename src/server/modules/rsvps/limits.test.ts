// Nobody can mail-bomb an address through the RSVP form (issue 33, "Bad input and abuse"): a
// confirmation goes to one address at most once in 10 minutes, whatever date or client asks,
// and the form answers the same either way. RSVPs count against the client address like the
// list sign-ups. "Also join the mailing list" makes the confirmed sign-up the sign-up box makes.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailingListContacts, rsvps } from '../../db/schema';
import type { ChapterEventRow } from '../../db/schema';
import {
  addEvent,
  createRsvpWorld,
  mailsTo,
  NOW,
  postRsvp,
  setClock,
  THU,
  type RsvpWorld,
} from './testWorld';

let rw: RsvpWorld;
let event: ChapterEventRow;
const LIMIT = 5;

beforeAll(async () => {
  rw = await createRsvpWorld({ env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
  event = await addEvent(rw.t, rw.w.chapter.id);
});
afterAll(async () => {
  vi.useRealTimers();
  await rw.t.close();
});

describe('confirmation mail per address', () => {
  it('mails one link in 10 minutes, whatever asks, answering the same; then mails again', async () => {
    const email = 'target.l@example.org';
    const first = await postRsvp(rw.t, event.slug, THU[0], { name: 'T', email, guests: 0 });
    const second = await postRsvp(rw.t, event.slug, THU[1], { name: 'T', email, guests: 0 });
    const third = await postRsvp(rw.t, event.slug, THU[2], { name: 'X', email, guests: 0 });
    expect([first, second, third].map((r) => [r.statusCode, r.json()])).toEqual(
      Array(3).fill([200, { status: 'unconfirmed' }]),
    );
    expect(third.headers['retry-after']).toBeUndefined();
    expect(await mailsTo(rw.t, email)).toHaveLength(1);

    setClock(new Date(NOW.getTime() + 11 * 60_000));
    try {
      await postRsvp(rw.t, event.slug, THU[1], { name: 'T', email, guests: 0 });
      const mails = await mailsTo(rw.t, email);
      expect(mails).toHaveLength(2);
      expect(mails[0]!.text).toContain('Thursday, March 13, 2031');
    } finally {
      setClock();
    }
  });
});

describe('RSVPs per client address', () => {
  it('answers 429 past the limit and writes nothing for it', async () => {
    const from = { remoteAddress: '203.0.113.77' };
    for (let n = 0; n < LIMIT; n++) {
      const ok = await postRsvp(
        rw.t,
        event.slug,
        THU[3],
        { name: `P${n}`, email: `p${n}.l@example.org`, guests: 0 },
        from,
      );
      expect(ok.statusCode).toBe(200);
    }
    const refused = await postRsvp(
      rw.t,
      event.slug,
      THU[3],
      { name: 'Too many', email: 'too.many.l@example.org', guests: 0 },
      from,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const rows = await rw.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rsvps)
      .where(eq(rsvps.email, 'too.many.l@example.org'));
    expect(rows[0]!.n).toBe(0);
  });
});

describe('also joining the mailing list', () => {
  it("signs the address up to the chapter's list, to be confirmed by its own mail", async () => {
    const email = 'joiner.l@example.org';
    const res = await postRsvp(rw.t, event.slug, THU[0], {
      name: 'Jo',
      email,
      guests: 0,
      joinList: true,
    });
    expect(res.json()).toEqual({ status: 'unconfirmed' });
    const members = await rw.t.db
      .select({ status: mailingListContacts.status })
      .from(mailingListContacts)
      .where(and(eq(sql`lower(${mailingListContacts.email})`, email)));
    expect(members).toEqual([{ status: 'unconfirmed' }]);
    const subjects = (await mailsTo(rw.t, email)).map((m) => m.subject);
    expect(subjects).toContain('Please confirm your RSVP: Pencil Factory');
    expect(subjects.some((s) => s.startsWith('Confirm your subscription'))).toBe(true);
  });

  it('leaves the list alone unticked', async () => {
    const email = 'nojoin.l@example.org';
    await postRsvp(rw.t, event.slug, THU[0], { name: 'No', email, guests: 0 });
    const members = await rw.t.db
      .select()
      .from(mailingListContacts)
      .where(eq(sql`lower(${mailingListContacts.email})`, email));
    expect(members).toHaveLength(0);
  });
});
