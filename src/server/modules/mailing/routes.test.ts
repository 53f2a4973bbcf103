import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { chapters, mailingListContacts, mailingLists, settings } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
// Lists: `active` belongs to an active chapter (its brontoListId), `sib` is the same chapter's
// sendInBlueListId, `hidden` belongs to a hidden chapter, `loose` to no chapter at all.
const list = { active: 0, sib: 0, hidden: 0, loose: 0 };
const chapter = { active: 0, hidden: 0, noList: 0 };

// A built-in list's sign-up: the member confirms by the link mailed to them (confirm.test.ts).
const OK = { results: [{ isError: false, errorString: '', confirmByEmail: true }] };
const INVALID = {
  results: [{ isError: true, errorString: 'Please enter a valid email address.' }],
};
const NO_LIST = {
  results: [{ isError: true, errorString: 'This chapter does not have a mailing list.' }],
};

async function newList(name: string) {
  const [row] = await t.db.insert(mailingLists).values({ name }).returning();
  return row!.id;
}

async function newChapter(slug: string, status: number, bronto: number | null, sib: number | null) {
  const [row] = await t.db
    .insert(chapters)
    .values({
      title: slug,
      slug,
      status,
      brontoListId: bronto === null ? null : String(bronto),
      sendInBlueListId: sib === null ? null : String(sib),
    })
    .returning();
  return row!.id;
}

async function setService(serviceName: string | null) {
  await t.db.delete(settings).where(eq(settings.key, 'emailService'));
  if (serviceName)
    await t.db.insert(settings).values({ key: 'emailService', value: { serviceName } });
}

const contactsOf = (listId: number) =>
  t.db.select().from(mailingListContacts).where(eq(mailingListContacts.listId, listId));

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const signUp = (payload: Record<string, unknown>, cookie?: string) =>
  post('/api/mailing_list/sign_up', payload, cookie);
const signUpChapter = (payload: Record<string, unknown>, cookie?: string) =>
  post('/api/mailing_list/sign_up_chapter', payload, cookie);

beforeAll(async () => {
  // Every sign-up here comes from one address; the limit itself is signUpLimit.test.ts's.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  await t.app.ready();
  list.active = await newList('Active list');
  list.sib = await newList('Send in Blue list');
  list.hidden = await newList('Hidden list');
  list.loose = await newList('Nobody’s list');
  chapter.active = await newChapter('active-town', 1, list.active, list.sib);
  chapter.hidden = await newChapter('hidden-town', 0, list.hidden, null);
  chapter.noList = await newChapter('listless-town', 1, null, null);
});
beforeEach(() => setService(null));
afterAll(() => t.close());

describe('POST /api/mailing_list/sign_up', () => {
  it('adds an address to a chapter list', async () => {
    const res = await signUp({ email: ' New.Person@Example.org ', listId: String(list.active) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    const rows = await contactsOf(list.active);
    expect(rows).toEqual([
      expect.objectContaining({ email: 'New.Person@Example.org', status: 'unconfirmed' }),
    ]);
    expect(rows[0]!.unsubscribeToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it('accepts the list id as a number', async () => {
    expect((await signUp({ email: 'num@example.org', listId: list.active })).json()).toEqual(OK);
  });

  it('succeeds again for the same address, in any case, without a second row', async () => {
    for (const email of ['twice@example.org', 'twice@example.org', 'TWICE@Example.ORG']) {
      const res = await signUp({ email, listId: String(list.active) });
      expect(res.json()).toEqual(OK);
    }
    const rows = await t.db
      .select()
      .from(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, list.active),
          eq(sql`lower(${mailingListContacts.email})`, 'twice@example.org'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('twice@example.org');
  });

  it('makes an unsubscribed or deleted contact a member again (to confirm), but leaves a block alone', async () => {
    const token = () => randomBytes(16).toString('hex');
    await t.db.insert(mailingListContacts).values([
      {
        listId: list.active,
        email: 'gone@example.org',
        status: 'unsub',
        unsubscribeToken: token(),
      },
      {
        listId: list.active,
        email: 'removed@example.org',
        status: 'deleted',
        deletedAt: new Date(),
        unsubscribeToken: token(),
      },
      {
        listId: list.active,
        email: 'blocked@example.org',
        status: 'blocked',
        unsubscribeToken: token(),
      },
    ]);
    for (const email of ['Gone@example.org', 'removed@example.org', 'blocked@example.org']) {
      expect((await signUp({ email, listId: String(list.active) })).json()).toEqual(OK);
    }
    const rows = await contactsOf(list.active);
    const status = (email: string) => rows.find((r) => r.email === email);
    // Whoever signs them up again must own the address: they confirm as a newcomer does.
    expect(status('gone@example.org')).toMatchObject({ status: 'unconfirmed', deletedAt: null });
    expect(status('removed@example.org')).toMatchObject({ status: 'unconfirmed', deletedAt: null });
    expect(status('blocked@example.org')).toMatchObject({ status: 'blocked' });
  });

  it('answers a bad or missing address with an error result, not an HTTP error', async () => {
    for (const email of ['not-an-email', '', '   ', 'a@b', 'x@example.org, y@example.org']) {
      const res = await signUp({ email, listId: String(list.active) });
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual(INVALID);
    }
    expect((await signUp({ listId: String(list.active) })).json()).toEqual(INVALID);
    expect(await contactsOf(list.active)).not.toContainEqual(
      expect.objectContaining({ email: 'not-an-email' }),
    );
  });

  it('says the chapter has no list for an unknown or unattached list id', async () => {
    for (const listId of ['999999', 'abc', '', '99999999999999', String(list.loose), null]) {
      const res = await signUp({ email: 'who@example.org', listId });
      expect(res.statusCode).toBe(200);
      expect(res.json(), String(listId)).toEqual(NO_LIST);
    }
    expect(await contactsOf(list.loose)).toEqual([]);
  });

  it("treats a hidden chapter's list as unknown, except for its hosts", async () => {
    const res = await signUp({ email: 'who@example.org', listId: String(list.hidden) });
    expect(res.json()).toEqual(NO_LIST);
    const someone = await signedInUser(t);
    const other = await signUp({ email: 'who@example.org', listId: list.hidden }, someone.cookie);
    expect(other.json()).toEqual(NO_LIST);
    expect(await contactsOf(list.hidden)).toEqual([]);

    const host = await signedInUser(t, { hostOf: [chapter.hidden] });
    const own = await signUp({ email: 'host@example.org', listId: list.hidden }, host.cookie);
    expect(own.json()).toEqual(OK);
  });

  it('reads the list id from the field the email-service setting picks', async () => {
    // bronto (also the default): the sendInBlue id names no chapter's list.
    expect((await signUp({ email: 'b@example.org', listId: list.sib })).json()).toEqual(NO_LIST);
    await setService('bronto');
    expect((await signUp({ email: 'b@example.org', listId: list.sib })).json()).toEqual(NO_LIST);
    expect((await signUp({ email: 'b@example.org', listId: list.active })).json()).toEqual(OK);

    await setService('sendInBlue');
    expect((await signUp({ email: 's@example.org', listId: list.active })).json()).toEqual(NO_LIST);
    expect((await signUp({ email: 's@example.org', listId: list.sib })).json()).toEqual(OK);
    expect((await contactsOf(list.sib)).map((c) => c.email)).toEqual(['s@example.org']);
  });

  it('accepts a chapter id instead of a list id (the embeddable form)', async () => {
    const res = await signUp({ email: 'form@example.org', chapterId: String(chapter.active) });
    expect(res.json()).toEqual(OK);
    expect((await contactsOf(list.active)).map((c) => c.email)).toContain('form@example.org');
  });
});

describe('POST /api/mailing_list/sign_up_chapter', () => {
  it("adds the address to the chapter's list", async () => {
    const res = await signUpChapter({ email: 'chap@example.org', chapterId: chapter.active });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);
    expect((await contactsOf(list.active)).map((c) => c.email)).toContain('chap@example.org');
  });

  it('follows the email-service setting', async () => {
    await setService('sendInBlue');
    const res = await signUpChapter({ email: 'chap-sib@example.org', chapterId: chapter.active });
    expect(res.json()).toEqual(OK);
    expect((await contactsOf(list.sib)).map((c) => c.email)).toContain('chap-sib@example.org');
    // The hidden chapter has no sendInBlue list, and is hidden anyway: no list is made for it.
    const none = await signUpChapter({ email: 'x@example.org', chapterId: chapter.hidden });
    expect(none.json()).toEqual(NO_LIST);
    const [hidden] = await t.db.select().from(chapters).where(eq(chapters.id, chapter.hidden));
    expect(hidden!.sendInBlueListId).toBeNull();
  });

  it("gives a chapter without a list one on its first sign-up, in the setting's field", async () => {
    await setService('sendInBlue');
    const first = await signUpChapter({ email: 'first@example.org', chapterId: chapter.noList });
    expect(first.json()).toEqual(OK);
    const second = await signUpChapter({ email: 'second@example.org', chapterId: chapter.noList });
    expect(second.json()).toEqual(OK);
    const [row] = await t.db.select().from(chapters).where(eq(chapters.id, chapter.noList));
    expect(row!.brontoListId).toBeNull();
    const listId = Number(row!.sendInBlueListId);
    expect((await contactsOf(listId)).map((c) => c.email).sort()).toEqual([
      'first@example.org',
      'second@example.org',
    ]);
  });

  it('answers errors as results', async () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [{ email: 'bad', chapterId: chapter.active }, INVALID],
      [{ email: 'x@example.org', chapterId: chapter.hidden }, NO_LIST],
      [{ email: 'x@example.org', chapterId: 987654 }, NO_LIST],
      [{ email: 'x@example.org', chapterId: 'abc' }, NO_LIST],
      [{ email: 'x@example.org' }, NO_LIST],
    ];
    for (const [body, expected] of cases) {
      const res = await signUpChapter(body);
      expect(res.statusCode).toBe(200);
      expect(res.json(), JSON.stringify(body)).toEqual(expected);
    }
    expect(await contactsOf(list.hidden)).toHaveLength(1); // only the host's, from above
  });
});
