// Public list sign-ups are limited per client address like sign-in: one client cannot put any
// number of other people's addresses on our lists.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapters, mailingListContacts, mailOutbox } from '../../db/schema';
import { newList, type TestApp } from './testWorld';

const MAX = 5;
let t: TestApp;
let listId: string;
let chapterId: number;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(MAX) } });
  listId = await newList(t, 'Burst list');
  const [row] = await t.db
    .insert(chapters)
    .values({ title: 'Burst Town', slug: 'burst-town', status: 1, brontoListId: listId })
    .returning();
  chapterId = row!.id;
});
afterAll(() => t.close());

const signUp = (from: string, email: string, n: number) =>
  t.app.inject({
    method: 'POST',
    remoteAddress: from,
    // The newsletter form names the list; the chapter page's form names the chapter.
    ...(n % 2
      ? { url: '/api/mailing_list/sign_up', payload: { email, listId } }
      : { url: '/api/mailing_list/sign_up_chapter', payload: { email, chapterId } }),
  });

const isContact = async (email: string) =>
  (
    await t.db
      .select()
      .from(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, Number(listId)),
          eq(sql`lower(${mailingListContacts.email})`, email),
        ),
      )
  ).length > 0;

describe('list sign-up limits', () => {
  it('refuses a burst of sign-ups from one address past the limit; another address gets in', async () => {
    const answers = [];
    for (let n = 0; n < 12; n++) {
      answers.push(await signUp('198.51.100.80', `burst${n}@example.org`, n));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([
      ...Array<number>(MAX).fill(200),
      ...Array<number>(12 - MAX).fill(429),
    ]);
    const refused = answers[MAX]!;
    expect(refused.json().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await isContact(`burst${MAX - 1}@example.org`)).toBe(true);
    expect(await isContact(`burst${MAX}@example.org`)).toBe(false);

    const other = await signUp('198.51.100.81', 'neighbour@example.org', 0);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({
      results: [{ isError: false, errorString: '', confirmByEmail: true }],
    });
    expect(await isContact('neighbour@example.org')).toBe(true);
  });

  it('limits the newsletter form (the list named by id) on its own as much', async () => {
    const answers = [];
    for (let n = 0; n < MAX + 3; n++) {
      answers.push(await signUp('198.51.100.82', `letter${n}@example.org`, 1));
    }
    expect(answers.map((r) => r.statusCode)).toEqual([
      ...Array<number>(MAX).fill(200),
      ...Array<number>(3).fill(429),
    ]);
    expect(await isContact(`letter${MAX}@example.org`)).toBe(false);
    // Each one let through was mailed its link; none refused was.
    const mailed = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} like 'letter%'`);
    expect(mailed.map((m) => m.to).sort()).toEqual(
      Array.from({ length: MAX }, (_, n) => `letter${n}@example.org`).sort(),
    );
  });
});
