// Opt-outs outlive a delete (issue 31, items 2 and 3): a host who deletes a blocked, bounced or
// unsubscribed member from their list does not lift the block (only an admin does), does not
// let any list's import or Add Members take the address back, and the member is gone from their
// list's pages and count. An unsubscribe that a stranger's sign-up made 'unconfirmed' again stays
// refused by a host's import and Add Members until the owner opens the emailed link.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { importMembersFile } from '../../test/chapterAdminWorld';
import { signedInUser } from '../../test/users';
import { chapters, mailingListContacts, mailOutbox } from '../../db/schema';
import { IMPORT_REFUSALS } from '../../../common/memberImport';
import { SIGN_UP_MANY_ERRORS } from '../../../common/schemas/mailing';
import { addContacts, newList, type TestApp } from './testWorld';

const PUBLIC_URL = 'https://chapters.example.org';
let t: TestApp;
let admin: string;
let made = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, AUTH_RATE_LIMIT_MAX: '1000' } });
  await t.app.ready();
  admin = (await signedInUser(t, { admin: true })).cookie;
}, 60_000);
afterAll(() => t.close());

/** A chapter with a list of its own and its host. */
async function chapterWithList(label: string) {
  made += 1;
  const listId = await newList(t, `${label} list`);
  const [chapter] = await t.db
    .insert(chapters)
    .values({ title: label, slug: `optout-${made}-${Date.now()}`, status: 1, brontoListId: listId })
    .returning();
  const host = await signedInUser(t, { hostOf: [chapter!.id] });
  return { listId, chapterId: chapter!.id, cookie: host.cookie };
}
type Chapter = Awaited<ReturnType<typeof chapterWithList>>;

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const remove = (c: Chapter, email: string) =>
  call('POST', '/api/mailing_list/delete', c.cookie, { listId: c.listId, email });
const addMembers = async (c: Chapter, email: string) =>
  (
    await call('POST', '/api/mailing_list/sign_up_many', c.cookie, {
      listId: c.listId,
      emails: email,
    })
  ).json();

async function status(c: Chapter, email: string) {
  const [row] = await t.db
    .select({ status: mailingListContacts.status })
    .from(mailingListContacts)
    .where(
      and(
        eq(mailingListContacts.listId, Number(c.listId)),
        eq(sql`lower(${mailingListContacts.email})`, email.toLowerCase()),
      ),
    );
  return row?.status ?? null;
}

async function page(c: Chapter) {
  const res = await call('GET', `/api/mailing_list/chapter/${c.chapterId}/members`, c.cookie);
  return res.json() as { members: { email: string }[]; total: number };
}

describe('deleting a suppressed member keeps the suppression', () => {
  it('a host deleting a blocked address leaves the site-wide block to the admin', async () => {
    const a = await chapterWithList('Blocked A');
    const b = await chapterWithList('Blocked B');
    const email = `blocked-${Date.now()}@example.org`;
    await addContacts(t, a.listId, [email]);
    expect((await call('POST', `/api/admin/brevo/contact/${email}/block`, admin)).statusCode).toBe(
      200,
    );
    expect((await remove(a, email)).statusCode).toBe(200);

    // Gone from the host's list: not on its pages, not in its count.
    expect(await page(a)).toMatchObject({ members: [], total: 0 });
    // The admin still finds it blocked; another chapter's import and Add Members refuse it.
    const found = await call('GET', `/api/admin/brevo/contact/${email}`, admin);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ email, emailBlacklisted: true, listIds: [] });
    expect(await importMembersFile(t, b, `email\r\n${email}\r\n`)).toEqual({
      added: 0,
      alreadyMembers: 0,
      refused: [{ line: 2, value: email, reason: IMPORT_REFUSALS.blocked }],
    });
    expect((await addMembers(a, email)).results).toEqual([
      { email, isError: true, errorString: SIGN_UP_MANY_ERRORS.blocked },
    ]);
    expect(await status(a, email)).toBe('blocked');

    // The admin lifts it: then a host may add the address again.
    expect(
      (await call('POST', `/api/admin/brevo/contact/${email}/unblock`, admin)).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/admin/brevo/contact/${email}`, admin)).json()).toMatchObject({
      emailBlacklisted: false,
    });
    expect(await importMembersFile(t, b, `email\r\n${email}\r\n`)).toMatchObject({
      added: 1,
      refused: [],
    });
  });

  it('a deleted bounce or unsubscribe is still refused by import and Add Members', async () => {
    const a = await chapterWithList('Left A');
    const b = await chapterWithList('Left B');
    const left = `left-${Date.now()}@example.org`;
    const bounced = `bounced-${Date.now()}@example.org`;
    await addContacts(t, a.listId, [left], 'unsub');
    await addContacts(t, a.listId, [bounced], 'bounce');
    expect((await remove(a, left)).statusCode).toBe(200);
    expect((await remove(a, bounced)).statusCode).toBe(200);
    expect(await page(a)).toMatchObject({ members: [], total: 0 });

    expect(await importMembersFile(t, a, `email\r\n${left}\r\n${bounced}\r\n`)).toEqual({
      added: 0,
      alreadyMembers: 0,
      refused: [
        { line: 2, value: left, reason: IMPORT_REFUSALS.unsubscribed },
        { line: 3, value: bounced, reason: IMPORT_REFUSALS.bounced },
      ],
    });
    expect((await addMembers(a, left)).results).toEqual([
      { email: left, isError: true, errorString: SIGN_UP_MANY_ERRORS.unsubscribed },
    ]);
    expect(await status(a, left)).toBeNull();
    // A bounce is the address's on every list; an unsubscribe only this list's.
    expect(await importMembersFile(t, b, `email\r\n${left}\r\n${bounced}\r\n`)).toEqual({
      added: 1,
      alreadyMembers: 0,
      refused: [{ line: 3, value: bounced, reason: IMPORT_REFUSALS.bounced }],
    });
  });
});

/** The token of the last confirmation link mailed to `email`. */
async function linkTo(email: string): Promise<string> {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const text = mails.at(-1)?.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}/confirm-subscription/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no confirmation link mailed to ${email}: ${text}`);
  return match[1]!;
}

describe('an unsubscribe is undone by its owner only', () => {
  it('a stranger signs the address up again: import and Add Members refuse it until the link is opened', async () => {
    const c = await chapterWithList('Returning');
    const email = `returning-${Date.now()}@example.org`;
    await addContacts(t, c.listId, [email], 'unsub');
    const signUp = await call('POST', '/api/mailing_list/sign_up_chapter', undefined, {
      email,
      chapterId: c.chapterId,
    });
    expect(signUp.json().results[0]).toMatchObject({ isError: false, confirmByEmail: true });
    expect(await status(c, email)).toBe('unconfirmed');

    expect(await importMembersFile(t, c, `email\r\n${email}\r\n`)).toEqual({
      added: 0,
      alreadyMembers: 0,
      refused: [{ line: 2, value: email, reason: IMPORT_REFUSALS.unsubscribed }],
    });
    expect((await addMembers(c, email)).results).toEqual([
      { email, isError: true, errorString: SIGN_UP_MANY_ERRORS.unsubscribed },
    ]);
    expect(await status(c, email)).toBe('unconfirmed');

    // Deleting the unconfirmed member does not wash the unsubscribe away either.
    expect((await remove(c, email)).statusCode).toBe(200);
    expect((await addMembers(c, email)).results[0]).toMatchObject({ isError: true });

    // The owner signs up and opens the link: a member again, and a host's add is a repeat.
    await call('POST', '/api/mailing_list/sign_up_chapter', undefined, {
      email,
      chapterId: c.chapterId,
    });
    const confirmed = await call(
      'POST',
      `/api/mailing_list/confirm/${await linkTo(email)}`,
      undefined,
      {},
    );
    expect(confirmed.json()).toMatchObject({ result: 'confirmed' });
    expect(await status(c, email)).toBe('active');
    expect(await importMembersFile(t, c, `email\r\n${email}\r\n`)).toEqual({
      added: 0,
      alreadyMembers: 1,
      refused: [],
    });
  });
});
