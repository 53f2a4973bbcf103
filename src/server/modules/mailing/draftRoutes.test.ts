// The Send Email screen's count, preview and test (draftRoutes.ts), and a send without a post,
// which still moves the chapter's 'Last Active' date.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  chapterBlogPosts,
  mailOutbox,
  mailingDeliveries,
  mailingMessages,
  rateLimits,
} from '../../db/schema';
import {
  chapterRecipientsSchema,
  emailPreviewSchema,
  sendMessageAnswerSchema,
} from '../../../common/schemas/mailing';
import { TEST_MESSAGE_LIMIT } from './draftService';
import { addContacts, createMailingWorld, type TestApp } from './testWorld';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const api = (chapterId: number, what: string) => `/api/mailing_list/chapter/${chapterId}/${what}`;
const draft = {
  title: 'Next Tuesday',
  body: '<p>See you <a href="https://example.org/bar">there</a></p>',
};

/** Rows of the tables a send writes: a preview or a test must leave them as they were. */
async function sendRecords() {
  const [[m], [d], [p]] = await Promise.all([
    t.db.select({ n: count() }).from(mailingMessages),
    t.db.select({ n: count() }).from(mailingDeliveries),
    t.db.select({ n: count() }).from(chapterBlogPosts),
  ]);
  return { messages: m!.n, deliveries: d!.n, posts: p!.n };
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://chapters.example.org',
      MAIL_FROM: 'Network <news@example.org>',
      MAIL_SEND_POLL_MS: '0',
      PUBLIC_CACHE_SECONDS: '0',
    },
  });
  await t.app.ready();
  w = await createMailingWorld(t);
});
afterAll(() => t.close());

describe('GET /api/mailing_list/chapter/{chapterId}/recipients', () => {
  it("counts the active contacts of the chapter's list", async () => {
    await addContacts(t, w.lists.town, ['gone@example.org'], 'unsub');
    await addContacts(t, w.lists.town, ['stopped@example.org'], 'blocked');
    const res = await call('GET', api(w.chapters.town.id, 'recipients'), w.users.host.cookie);
    expect(res.statusCode).toBe(200);
    expect(chapterRecipientsSchema.parse(res.json())).toEqual({
      listId: w.lists.town,
      recipients: 3,
    });
  });

  it('answers 0 for a chapter without a list', async () => {
    const res = await call(
      'GET',
      api(w.chapters.listless.id, 'recipients'),
      w.users.listlessHost.cookie,
    );
    expect(res.json()).toEqual({ listId: null, recipients: 0 });
  });

  it('refuses visitors, plain users and other chapters’ hosts', async () => {
    const url = api(w.chapters.town.id, 'recipients');
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, w.users.plain.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, w.users.otherHost.cookie)).statusCode).toBe(403);
    const bad = await call('GET', api(0, 'recipients').replace('/0/', '/x/'), w.users.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toContain('params.chapterId');
  });
});

describe('POST /api/mailing_list/chapter/{chapterId}/preview', () => {
  it("shows a member's copy, sanitized, with the footer, and records nothing", async () => {
    const before = await sendRecords();
    const res = await call('POST', api(w.chapters.town.id, 'preview'), w.users.host.cookie, {
      ...draft,
      body: `${draft.body}<script>alert(1)</script>`,
    });
    expect(res.statusCode).toBe(200);
    const preview = emailPreviewSchema.parse(res.json());
    expect(preview).toMatchObject({
      subject: 'Next Tuesday',
      fromName: 'Greenpoint',
      replyTo: 'greenpoint@drinkingliberally.org',
    });
    expect(preview.html).toMatch(/^<!doctype html>/);
    expect(preview.html).toContain('<a href="https://example.org/bar">there</a>');
    expect(preview.html).toContain('member of the Greenpoint mailing list');
    // No member's token: the page it opens says it was a preview, not that the link is not valid.
    expect(preview.html).toContain('https://chapters.example.org/unsubscribe/preview');
    expect(preview.html).not.toContain('<script');
    expect(await sendRecords()).toEqual(before);
  });

  it('answers 400 naming the field, 401 and 403', async () => {
    const url = api(w.chapters.town.id, 'preview');
    const cases: [object, string][] = [
      [{ ...draft, title: '  ' }, 'body.title'],
      [{ body: draft.body }, 'body.title'],
      [{ ...draft, body: '<p><br></p>' }, 'body.body'],
      [{ title: 'Hi' }, 'body.body'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url, w.users.host.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await call('POST', url, undefined, draft)).statusCode).toBe(401);
    expect((await call('POST', url, w.users.otherHost.cookie, draft)).statusCode).toBe(403);
  });
});

describe('POST /api/mailing_list/chapter/{chapterId}/test_message', () => {
  const testsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
      m.subject.startsWith('[Test] '),
    );

  it("sends the message to the caller's own address only, and records no send", async () => {
    const before = await sendRecords();
    const outboxBefore = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const res = await call('POST', api(w.chapters.town.id, 'test_message'), w.users.host.cookie, {
      ...draft,
      // Not a field of the call: a test goes to the caller and nobody else.
      to: 'victim@example.org',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: w.users.host.email });

    const outbox = await t.db.select().from(mailOutbox);
    expect(outbox).toHaveLength(outboxBefore + 1);
    const [mail] = await testsTo(w.users.host.email);
    expect(mail).toMatchObject({
      subject: '[Test] Next Tuesday',
      from: '"Greenpoint" <news@example.org>',
    });
    expect(mail!.headers).toMatchObject({
      'Reply-To': 'greenpoint@drinkingliberally.org',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // The same rendering as a member's copy, links as written.
    expect(mail!.html).toContain('<a href="https://example.org/bar">there</a>');
    expect(mail!.html).toContain('member of the Greenpoint mailing list');
    expect(mail!.text).toContain('See you there');
    // Its unsubscribe link is the preview's: the test copy is nobody's membership.
    expect(mail!.html).toContain('https://chapters.example.org/unsubscribe/preview');
    expect(await testsTo('victim@example.org')).toEqual([]);
    expect(await sendRecords()).toEqual(before);
  });

  it('answers 400 naming the field, 401 and 403, and sends nothing then', async () => {
    const url = api(w.chapters.town.id, 'test_message');
    const before = (await t.db.select({ n: count() }).from(mailOutbox))[0]!.n;
    const cases: [object, string][] = [
      [{ ...draft, title: '' }, 'body.title'],
      [{ ...draft, title: 'x'.repeat(301) }, 'body.title'],
      [{ ...draft, body: '<script>alert(1)</script>' }, 'body.body'],
      [{ ...draft, body: 5 }, 'body.body'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', url, w.users.fieldOrganizer.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await call('POST', url, undefined, draft)).statusCode).toBe(401);
    expect((await call('POST', url, w.users.plain.cookie, draft)).statusCode).toBe(403);
    expect((await call('POST', url, w.users.otherHost.cookie, draft)).statusCode).toBe(403);
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n).toBe(before);
  });

  it('is rate-limited per user', async () => {
    await t.db.delete(rateLimits);
    const url = api(w.chapters.town.id, 'test_message');
    const me = w.users.fieldOrganizer;
    for (let i = 0; i < TEST_MESSAGE_LIMIT.max; i++) {
      expect((await call('POST', url, me.cookie, draft)).statusCode).toBe(200);
    }
    const refused = await call('POST', url, me.cookie, draft);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(await testsTo(me.email)).toHaveLength(TEST_MESSAGE_LIMIT.max);
    // Another user's count is their own.
    expect((await call('POST', url, w.users.host.cookie, draft)).statusCode).toBe(200);
  });
});

describe('POST /api/mailing_list/send_message with post: false', () => {
  const lastActive = async (chapterId: number) =>
    ((await call('GET', `/api/chapter/id/${chapterId}`)).json() as { lastBlogPostDate: string })
      .lastBlogPostDate;

  it('sends without a post, and the chapter is active as of the email', async () => {
    const chapterId = w.chapters.town.id;
    const old = new Date('2020-03-01T12:00:00Z');
    await t.db.insert(chapterBlogPosts).values({
      chapterId,
      title: 'An old post',
      slug: `old-post-${Date.now()}`,
      createdAt: old,
    });
    expect(await lastActive(chapterId)).toBe(old.toISOString());
    const posts = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(chapterBlogPosts)
          .where(eq(chapterBlogPosts.chapterId, chapterId))
      )[0]!.n;
    const postsBefore = await posts();

    const res = await call('POST', '/api/mailing_list/send_message', w.users.host.cookie, {
      ...draft,
      listId: w.lists.town,
      post: false,
    });
    expect(res.statusCode).toBe(202);
    const answer = sendMessageAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ recipients: 3, postSlug: null });
    expect(await posts()).toBe(postsBefore);

    const [message] = await t.db
      .select()
      .from(mailingMessages)
      .where(eq(mailingMessages.id, answer.messageId));
    expect(message).toMatchObject({ subject: 'Next Tuesday', chapterId });
    expect(await lastActive(chapterId)).toBe(message!.createdAt.toISOString());

    // A later post is later activity than the email.
    const later = new Date(message!.createdAt.getTime() + 60_000);
    await t.db
      .insert(chapterBlogPosts)
      .values({ chapterId, title: 'Later', slug: `later-${Date.now()}`, createdAt: later });
    expect(await lastActive(chapterId)).toBe(later.toISOString());
  });

  it('still posts by default and when asked', async () => {
    for (const post of [undefined, true]) {
      const res = await call('POST', '/api/mailing_list/send_message', w.users.host.cookie, {
        ...draft,
        listId: w.lists.town,
        post,
      });
      expect(res.statusCode).toBe(202);
      expect(sendMessageAnswerSchema.parse(res.json()).postSlug).toMatch(/^next-tuesday-/);
    }
  });

  it('answers 400 naming the field for a post that is not a boolean', async () => {
    const res = await call('POST', '/api/mailing_list/send_message', w.users.host.cookie, {
      ...draft,
      listId: w.lists.town,
      post: 'no',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toContain('body.post');
  });
});
