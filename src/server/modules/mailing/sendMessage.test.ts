import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterBlogPosts, mailOutbox, mailingDeliveries, mailingMessages } from '../../db/schema';
import { sendMessageAnswerSchema } from '../../../common/schemas/mailing';
import { addContacts, createMailingWorld, waitForMessage, type TestApp } from './testWorld';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;
const url = '/api/mailing_list/send_message';

const send = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://chapters.example.org', MAIL_FROM: 'Network <news@example.org>' },
  });
  await t.app.ready();
  w = await createMailingWorld(t);
});
afterAll(() => t.close());

describe('POST /api/mailing_list/send_message', () => {
  it('queues the message for every active contact, publishes it as a post, and sends it', async () => {
    await addContacts(t, w.lists.town, ['left@example.org'], 'unsub');
    const res = await send(
      {
        title: '  Next Tuesday  ',
        body: '<p>See you <a href="https://example.org/bar">there</a><script>alert(1)</script></p>',
        listId: w.lists.town,
      },
      w.users.host.cookie,
    );
    expect(res.statusCode).toBe(202);
    const answer = sendMessageAnswerSchema.parse(res.json());
    expect(answer.recipients).toBe(3);
    expect(answer.postSlug).toMatch(/^next-tuesday-[0-9a-f]{6}$/);

    const [post] = await t.db
      .select()
      .from(chapterBlogPosts)
      .where(eq(chapterBlogPosts.slug, answer.postSlug!));
    expect(post).toMatchObject({
      chapterId: w.chapters.town.id,
      userId: w.users.host.id,
      title: 'Next Tuesday',
      body: '<p>See you <a href="https://example.org/bar">there</a></p>',
    });

    const message = await waitForMessage(t, answer.messageId);
    expect(message).toMatchObject({
      subject: 'Next Tuesday',
      fromName: 'Greenpoint',
      replyTo: 'greenpoint@drinkingliberally.org',
      senderId: w.users.host.id,
      chapterId: w.chapters.town.id,
    });
    const deliveries = await t.db
      .select()
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.messageId, answer.messageId));
    expect(deliveries.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);

    // No SMTP_URL: the copies are in the outbox.
    const outbox = await t.db.select().from(mailOutbox);
    const copies = outbox.filter((m) => m.subject === 'Next Tuesday');
    expect(copies.map((m) => m.to).sort()).toEqual([
      'Alice@example.org',
      'bob@example.org',
      'carol@example.org',
    ]);
    const copy = copies[0]!;
    expect(copy.from).toBe('"Greenpoint" <news@example.org>');
    expect(copy.headers).toMatchObject({
      'Reply-To': 'greenpoint@drinkingliberally.org',
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/chapters\.example\.org\/unsubscribe\/[0-9a-f]{32}>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(copy.html).toMatch(/https:\/\/chapters\.example\.org\/unsubscribe\/[0-9a-f]{32}/);
    expect(copy.html).not.toContain('<script');
    expect(copy.text).toContain('See you there');
    expect(copy.text).toMatch(/Unsubscribe: https:\/\/chapters\.example\.org\/unsubscribe\//);
  });

  it('lets a field organizer and an admin send too', async () => {
    const body = { title: 'Hello', body: '<p>Hi</p>', listId: Number(w.lists.town) };
    expect((await send(body, w.users.fieldOrganizer.cookie)).statusCode).toBe(202);
    expect((await send(body, w.users.admin.cookie)).statusCode).toBe(202);
  });

  it('answers 400 naming the field for bad data', async () => {
    const good = { title: 'Hello', body: '<p>Hi</p>', listId: w.lists.town };
    const cases: [unknown, string][] = [
      [{ ...good, title: undefined }, 'body.title'],
      [{ ...good, title: '   ' }, 'body.title'],
      [{ ...good, title: 'x'.repeat(301) }, 'body.title'],
      [{ ...good, title: 7 }, 'body.title'],
      [{ ...good, body: undefined }, 'body.body'],
      [{ ...good, body: '' }, 'body.body'],
      [{ ...good, body: '<p><br></p>' }, 'body.body'],
      [{ ...good, body: '<script>alert(1)</script>' }, 'body.body'],
      [{ ...good, listId: undefined }, 'body.listId'],
      [{ ...good, listId: {} }, 'body.listId'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body, w.users.host.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: w.users.host.cookie, 'content-type': 'application/json' },
      payload: '{"title": "x",',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 without host access to the chapter', async () => {
    const body = { title: 'Hello', body: '<p>Hi</p>', listId: w.lists.town };
    expect((await send(body)).statusCode).toBe(401);
    expect((await send(body, w.users.plain.cookie)).statusCode).toBe(403);
    const other = await send(body, w.users.otherHost.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You do not have permission to send emails to this chapter.');
  });

  it("answers 404 when the list is no chapter's", async () => {
    for (const listId of [w.lists.loose, '987654', 'abc']) {
      const res = await send({ title: 'Hello', body: '<p>Hi</p>', listId }, w.users.admin.cookie);
      expect(res.statusCode, listId).toBe(404);
      expect(res.json().message).toBe('Chapter mailing list not found.');
    }
    // A chapter field naming a list that does not exist is no list either.
    const before = (await t.db.select().from(mailingMessages)).length;
    const host = await send(
      { title: 'Hello', body: '<p>Hi</p>', listId: w.lists.loose },
      w.users.host.cookie,
    );
    expect(host.statusCode).toBe(404);
    expect((await t.db.select().from(mailingMessages)).length).toBe(before);
  });
});
