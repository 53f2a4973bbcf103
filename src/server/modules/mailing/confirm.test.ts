// Confirmed sign-ups on the built-in lists: a visitor's sign-up makes an unconfirmed member and
// mails a link (here to the outbox: no SMTP_URL; bounces.test.ts sends one over SMTP); the link
// confirms once, and not after 7 days; only active members get chapter email or are counted;
// members a host adds are active.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  mailingListConfirmations,
  mailingListContacts,
  mailingDeliveries,
  mailOutbox,
} from '../../db/schema';
import { createMailingWorld, waitForMessage, type TestApp } from './testWorld';

const PUBLIC_URL = 'https://chapters.example.org';
let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, AUTH_RATE_LIMIT_MAX: '1000' } });
  await t.app.ready();
  w = await createMailingWorld(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const signUp = (email: string) =>
  post('/api/mailing_list/sign_up_chapter', { email, chapterId: w.chapters.town.id });
const confirm = (token: string) => post(`/api/mailing_list/confirm/${token}`);

async function member(email: string, listId = w.lists.town) {
  const [row] = await t.db
    .select()
    .from(mailingListContacts)
    .where(
      and(
        eq(mailingListContacts.listId, Number(listId)),
        eq(sql`lower(${mailingListContacts.email})`, email.toLowerCase()),
      ),
    );
  return row;
}

const mailTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** The token of the last confirmation link mailed to `email`. */
async function linkTo(email: string): Promise<string> {
  const mails = await mailTo(email);
  const text = mails.at(-1)?.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}/confirm-subscription/([A-Za-z0-9_-]{43})`).exec(text);
  if (!match) throw new Error(`no confirmation link mailed to ${email}: ${text}`);
  return match[1]!;
}

const town = {
  email: 'Carol@example.org',
  listName: 'Greenpoint',
  chapter: () => ({ id: w.chapters.town.id, state: 'NY', slug: w.chapters.town.slug }),
};

describe('confirmed sign-ups', () => {
  it('makes an unconfirmed member and mails a link that confirms once', async () => {
    const email = 'New.Reader@example.org';
    const res = await signUp(email);
    expect(res.json()).toEqual({
      results: [{ isError: false, errorString: '', confirmByEmail: true }],
    });
    expect(await member(email)).toMatchObject({ status: 'unconfirmed', email });

    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Confirm your subscription to Greenpoint');
    expect(mail!.text).toContain('within 7 days');
    const token = await linkTo(email);
    // Only the token's hash is kept.
    const [stored] = await t.db
      .select()
      .from(mailingListConfirmations)
      .where(eq(mailingListConfirmations.contactId, (await member(email))!.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.tokenHash).not.toContain(token);
    const week = stored!.expiresAt.getTime() - stored!.sentAt.getTime();
    expect(Math.abs(week - 7 * 24 * 3600_000)).toBeLessThan(5000);

    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      result: 'confirmed',
      email,
      listName: town.listName,
      chapter: town.chapter(),
      nextMeeting: null,
    });
    expect((await member(email))!.status).toBe('active');
    const again = await confirm(token);
    expect(again.json()).toMatchObject({ result: 'alreadyConfirmed', email });

    // One welcome (issue 34): list mail, so it can be left with one click.
    const welcomes = (await mailTo(email)).filter((m) => m.subject === 'Welcome to Greenpoint');
    expect(welcomes).toHaveLength(1);
    const welcome = welcomes[0]!;
    expect(welcome.text).toContain(`${PUBLIC_URL}/chapter/ny/${w.chapters.town.slug}`);
    expect(welcome.headers).toMatchObject({
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const oneClick = /^<https:\/\/chapters\.example\.org(\/unsubscribe\/[0-9a-f]{32})>$/.exec(
      (welcome.headers as Record<string, string>)['List-Unsubscribe']!,
    )![1]!;
    // The confirmation mail before it is transactional: no unsubscribe.
    const confirmation = (await mailTo(email)).find((m) => m.subject.startsWith('Confirm'));
    expect(confirmation!.headers).not.toHaveProperty('List-Unsubscribe');
    const left = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode).toBe(200);
    expect((await member(email))!.status).toBe('unsub');
  });

  it('mails again at most once every few minutes, and leaves an active member as is', async () => {
    const email = 'twice@example.org';
    await signUp(email);
    await signUp(email);
    expect(await mailTo(email)).toHaveLength(1);
    // Five minutes on: a new link, which replaces the first.
    const first = await linkTo(email);
    await t.db
      .update(mailingListConfirmations)
      .set({ sentAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(mailingListConfirmations.contactId, (await member(email))!.id));
    await signUp(email);
    expect(await mailTo(email)).toHaveLength(2);
    const second = await linkTo(email);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(404);
    expect((await confirm(second)).json().result).toBe('confirmed');

    // Already a member: nothing changes and nothing is mailed, and the answer is the same.
    const res = await signUp(town.email);
    expect(res.json().results[0]).toEqual({
      isError: false,
      errorString: '',
      confirmByEmail: true,
    });
    expect((await member(town.email))!.status).toBe('active');
    expect(await mailTo(town.email)).toHaveLength(0);
  });

  it('does not confirm after 7 days, says so, and a new sign-up mails a new link', async () => {
    const email = 'late@example.org';
    await signUp(email);
    const token = await linkTo(email);
    const contactId = (await member(email))!.id;
    // The clock moved on: the stored expiry is past (and the mail long ago).
    await t.db
      .update(mailingListConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000), sentAt: new Date(Date.now() - 8 * 86400_000) })
      .where(eq(mailingListConfirmations.contactId, contactId));
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'expired',
      email,
      listName: town.listName,
      chapter: town.chapter(),
      nextMeeting: null,
    });
    // Still there, still unconfirmed: shown as such, never mailed a chapter email.
    expect((await member(email))!.status).toBe('unconfirmed');

    await signUp(email);
    const fresh = await linkTo(email);
    expect(fresh).not.toBe(token);
    expect((await confirm(fresh)).json().result).toBe('confirmed');
  });

  it('deletes links a month past their expiry when it mails a new one, and keeps the rest', async () => {
    const days = (n: number) => new Date(Date.now() - n * 86400_000);
    const emails = ['old.link@example.org', 'lapsed.link@example.org', 'live.link@example.org'];
    for (const email of emails) await signUp(email);
    const [old, lapsed, live] = (await Promise.all(emails.map(linkTo))) as [string, string, string];
    const idOf = async (email: string) => (await member(email))!.id;
    const expire = async (email: string, ago: number) =>
      t.db
        .update(mailingListConfirmations)
        .set({ expiresAt: days(ago), sentAt: days(ago + 7) })
        .where(eq(mailingListConfirmations.contactId, await idOf(email)));
    await expire(emails[0]!, 31);
    await expire(emails[1]!, 29);

    await signUp('next.visitor@example.org');
    const left = await t.db
      .select({ contactId: mailingListConfirmations.contactId })
      .from(mailingListConfirmations);
    const ids = left.map((r) => r.contactId);
    expect(ids).not.toContain(await idOf(emails[0]!));
    expect(ids).toContain(await idOf(emails[1]!));
    expect(ids).toContain(await idOf(emails[2]!));
    // The member stays, unconfirmed; only the link is gone.
    expect((await member(emails[0]!))!.status).toBe('unconfirmed');
    expect((await confirm(old)).statusCode).toBe(404);
    expect((await confirm(lapsed)).json().result).toBe('expired');
    expect((await confirm(live)).json().result).toBe('confirmed');
  });

  it('answers 404 to an unknown or malformed token', async () => {
    for (const token of ['x'.repeat(43), 'nope', 'a'.repeat(60)]) {
      const res = await confirm(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe('This confirmation link is not valid.');
    }
  });

  it('never brings back a member who unsubscribed or bounced meanwhile', async () => {
    const email = 'changed@example.org';
    await signUp(email);
    const token = await linkTo(email);
    await t.db
      .update(mailingListContacts)
      .set({ status: 'bounce' })
      .where(eq(mailingListContacts.id, (await member(email))!.id));
    expect((await confirm(token)).statusCode).toBe(404);
    expect((await member(email))!.status).toBe('bounce');
  });

  it('sends chapter email to active members only, and counts only them', async () => {
    const waiting = 'waiting@example.org';
    await signUp(waiting);
    expect((await member(waiting))!.status).toBe('unconfirmed');
    // Unconfirmed past the link's week: still shown, still never mailed.
    const stale = 'stale@example.org';
    await signUp(stale);
    await t.db
      .update(mailingListConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailingListConfirmations.contactId, (await member(stale))!.id));
    const count = await t.app.inject({
      url: `/api/mailing_list/chapter/${w.chapters.town.id}/recipients`,
      headers: { cookie: w.users.host.cookie },
    });
    const active = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, Number(w.lists.town)),
          eq(mailingListContacts.status, 'active'),
        ),
      );
    expect(count.json().recipients).toBe(active[0]!.n);

    const sent = await post(
      '/api/mailing_list/send_message',
      { title: 'Only the confirmed', body: '<p>Hello</p>', listId: w.lists.town, post: false },
      w.users.host.cookie,
    );
    expect(sent.statusCode).toBe(202);
    expect(sent.json().recipients).toBe(active[0]!.n);
    await waitForMessage(t, sent.json().messageId);
    const copies = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Only the confirmed'));
    expect(copies).toHaveLength(active[0]!.n);
    expect(copies.map((c) => c.to)).not.toContain(waiting);
    expect(copies.map((c) => c.to)).not.toContain(stale);
    const ledger = await t.db
      .select()
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.contactId, (await member(waiting))!.id));
    expect(ledger).toEqual([]);
  });

  it('makes members a host adds active, an unconfirmed one included', async () => {
    await signUp('pending@example.org');
    const res = await post(
      '/api/mailing_list/sign_up_many',
      { listId: w.lists.town, emails: 'hosted@example.org, pending@example.org' },
      w.users.host.cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await member('hosted@example.org'))!.status).toBe('active');
    expect((await member('pending@example.org'))!.status).toBe('active');
    expect(await mailTo('hosted@example.org')).toHaveLength(0);
  });
});
