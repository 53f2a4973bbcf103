// Confirmation mail per recipient (issue 31): one address got 22 "Confirm your subscription"
// emails in seconds, one per list, from five client addresses. An address gets at most
// LIMITS.confirmMailsPerAddressPerDay of them a day, whichever lists and clients ask, and the
// sign-up answers the sender exactly as before: the extra mail is just not sent.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../common/constants';
import { createTestApp } from '../../test/app';
import { chapters, mailingListContacts, mailOutbox } from '../../db/schema';
import { newList, type TestApp } from './testWorld';

const DAY_MS = 24 * 60 * 60 * 1000;
const TARGET = 'inbox.owner@example.org';
let t: TestApp;
const chapterIds: number[] = [];
const listIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let n = 0; n < LIMITS.confirmMailsPerAddressPerDay + 2; n++) {
    const listId = await newList(t, `Flood list ${n}`);
    const [row] = await t.db
      .insert(chapters)
      .values({
        title: `Flood Town ${n}`,
        slug: `flood-town-${n}`,
        status: 1,
        brontoListId: listId,
      })
      .returning();
    chapterIds.push(row!.id);
    listIds.push(Number(listId));
  }
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** A sign-up of `email` to the n-th chapter's list, from a client address of its own. */
const signUp = (n: number, email = TARGET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mailing_list/sign_up_chapter',
    remoteAddress: `198.51.100.${90 + n}`,
    payload: { email, chapterId: chapterIds[n] },
  });

const mailsTo = async (email: string) =>
  (await t.db.select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.to, email)))
    .length;

describe('confirmation mail per recipient address', () => {
  it('mails an address a few links a day, then answers the same and mails nothing; the next day it mails again', async () => {
    // Only Date is faked: timers, and so the server's own waits, run as ever.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const max = LIMITS.confirmMailsPerAddressPerDay;

    const answers = [];
    for (let n = 0; n < max; n++) answers.push(await signUp(n));
    expect(await mailsTo(TARGET)).toBe(max);

    const past = await signUp(max);
    expect(await mailsTo(TARGET)).toBe(max);
    // Nothing in the answer tells the sender the mail was held back.
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual(answers[0]!.json());
    expect(past.json()).toEqual({
      results: [{ isError: false, errorString: '', confirmByEmail: true }],
    });
    expect(past.headers['retry-after']).toBeUndefined();
    // The address is still signed up, unconfirmed, as any sign-up leaves it.
    const [member] = await t.db
      .select({ status: mailingListContacts.status })
      .from(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, listIds[max]!),
          eq(sql`lower(${mailingListContacts.email})`, TARGET),
        ),
      );
    expect(member?.status).toBe('unconfirmed');

    // Another address is not held back by this one's limit.
    expect((await signUp(max, 'someone.else@example.org')).statusCode).toBe(200);
    expect(await mailsTo('someone.else@example.org')).toBe(1);

    vi.setSystemTime(start + DAY_MS + 1000);
    expect((await signUp(max + 1)).json()).toEqual(past.json());
    expect(await mailsTo(TARGET)).toBe(max + 1);
  });
});
