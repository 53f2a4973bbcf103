import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { mailOutbox, mailingDeliveries, mailingListContacts } from '../../db/schema';
import { addContacts, createMailingWorld, waitForMessage, type TestApp } from './testWorld';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;
const PUBLIC_URL = 'https://chapters.example.org';

async function contact(email: string) {
  const [row] = await t.db
    .select()
    .from(mailingListContacts)
    .where(eq(mailingListContacts.email, email));
  return row!;
}

/** Sends a message to the town list and answers the copy that went to `to`. */
async function sendAndRead(app: TestApp, cookie: string, listId: string, to: string) {
  const title = `Tracked ${Math.random()}`;
  const body =
    '<p><a href="https://example.org/a?x=1&amp;y=2">A</a> <a href="mailto:host@example.org">mail</a> <a href="https://bücher.example/€uro">B</a></p>';
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/mailing_list/send_message',
    headers: { cookie },
    payload: { title, body, listId },
  });
  expect(res.statusCode).toBe(202);
  await waitForMessage(app, res.json().messageId);
  const copies = await app.db.select().from(mailOutbox).where(eq(mailOutbox.subject, title));
  return copies.find((c) => c.to === to)!;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  await t.app.ready();
  w = await createMailingWorld(t);
});
afterAll(() => t.close());

describe('unsubscribe by token', () => {
  const path = (token: string) => `/api/mailing_list/unsubscribe/${token}`;

  it("tells whose subscription it is, with the chapter's name", async () => {
    const alice = await contact('Alice@example.org');
    const res = await t.app.inject({ url: path(alice.unsubscribeToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'Alice@example.org',
      listName: 'Greenpoint',
      unsubscribed: false,
    });
    const lou = await contact('lou@example.org');
    expect((await t.app.inject({ url: path(lou.unsubscribeToken) })).json()).toMatchObject({
      listName: 'Loose list',
    });
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const token of ['0'.repeat(32), 'nope', 'A'.repeat(32)]) {
      expect((await t.app.inject({ url: path(token) })).statusCode, token).toBe(404);
      const post = await t.app.inject({ method: 'POST', url: path(token), payload: {} });
      expect(post.statusCode, token).toBe(404);
    }
  });

  it('unsubscribes from our page (JSON), and again without complaint', async () => {
    await addContacts(t, w.lists.town, ['page@example.org']);
    const { unsubscribeToken } = await contact('page@example.org');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: path(unsubscribeToken), payload: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'success' });
    }
    expect((await contact('page@example.org')).status).toBe('unsub');
    const info = await t.app.inject({ url: path(unsubscribeToken) });
    expect(info.json()).toMatchObject({ unsubscribed: true });
  });

  it("takes a mail client's one-click form post from any origin (RFC 8058)", async () => {
    await addContacts(t, w.lists.town, ['oneclick@example.org']);
    const { unsubscribeToken } = await contact('oneclick@example.org');
    const res = await t.app.inject({
      method: 'POST',
      url: path(unsubscribeToken),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    expect((await contact('oneclick@example.org')).status).toBe('unsub');
  });

  it('keeps the exception that narrow: other routes and other bodies are still refused', async () => {
    const { unsubscribeToken } = await contact('carol@example.org');
    const foreignJson = await t.app.inject({
      method: 'POST',
      url: path(unsubscribeToken),
      headers: { origin: 'https://evil.example.net' },
      payload: {},
    });
    expect(foreignJson.statusCode).toBe(403);
    const formElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/mailing_list/sign_up',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=x%40example.org',
    });
    expect(formElsewhere.statusCode).toBe(415);
    const foreignForm = await t.app.inject({
      method: 'POST',
      url: '/api/mailing_list/sign_up',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example.net',
      },
      payload: 'email=x%40example.org',
    });
    expect(foreignForm.statusCode).toBe(403);
    expect((await contact('carol@example.org')).status).toBe('active');
  });

  it('leaves a blocked contact blocked', async () => {
    await addContacts(t, w.lists.town, ['blocked@example.org'], 'blocked');
    const { unsubscribeToken } = await contact('blocked@example.org');
    const res = await t.app.inject({ method: 'POST', url: path(unsubscribeToken), payload: {} });
    expect(res.statusCode).toBe(200);
    expect((await contact('blocked@example.org')).status).toBe('blocked');
  });
});

describe('open and click tracking', () => {
  it('counts an open once per copy, answering a GIF every time', async () => {
    const copy = await sendAndRead(t, w.users.host.cookie, w.lists.town, 'bob@example.org');
    const pixel = copy.html!.match(
      /<img src="https:\/\/chapters\.example\.org(\/api\/mailing_list\/open\/[0-9a-f]{32})"/,
    );
    expect(pixel).not.toBeNull();
    const before = await contact('bob@example.org');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: pixel![1]! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    }
    const after = await contact('bob@example.org');
    expect(after.numOpens).toBe(before.numOpens + 1);
    expect(after.lastActivity).not.toBeNull();
    const token = pixel![1]!.split('/').at(-1)!;
    const [delivery] = await t.db
      .select()
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.trackingToken, token));
    expect(delivery!.openedAt).not.toBeNull();
    expect((await t.app.inject({ url: '/api/mailing_list/open/nope' })).statusCode).toBe(200);
  });

  it('redirects a tracked link to its target and counts the click once', async () => {
    const copy = await sendAndRead(t, w.users.host.cookie, w.lists.town, 'carol@example.org');
    const link = copy.html!.match(
      /href="https:\/\/chapters\.example\.org(\/api\/mailing_list\/click\/[^"]+)"/,
    );
    expect(link).not.toBeNull();
    const clickUrl = link![1]!.replaceAll('&amp;', '&');
    // mailto: links are left alone.
    expect(copy.html).toContain('href="mailto:host@example.org"');
    const before = await contact('carol@example.org');
    const unicode = copy.html!.match(
      /href="https:\/\/chapters\.example\.org(\/api\/mailing_list\/click\/[^"]+b%C3%BCcher[^"]+)"/,
    );
    const far = await t.app.inject({ url: unicode![1]! });
    expect(far.statusCode).toBe(302);
    expect(far.headers.location).toBe('https://xn--bcher-kva.example/%E2%82%ACuro');
    // Clicks on two links of the same copy count one click.
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: clickUrl });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://example.org/a?x=1&y=2');
    }
    const after = await contact('carol@example.org');
    expect(after.numClicks).toBe(before.numClicks + 1);
    // The click shows the message was opened too.
    expect(after.numOpens).toBe(before.numOpens + 1);
  });

  it('refuses a target that is not a link of that message, and an unknown token', async () => {
    const copy = await sendAndRead(t, w.users.host.cookie, w.lists.town, 'Alice@example.org');
    const token = copy.html!.match(/\/api\/mailing_list\/click\/([0-9a-f]{32})/)![1]!;
    for (const target of [
      'https://evil.example.net/',
      'javascript:alert(1)',
      'mailto:host@example.org',
    ]) {
      const res = await t.app.inject({
        url: `/api/mailing_list/click/${token}?url=${encodeURIComponent(target)}`,
      });
      expect(res.statusCode, target).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ field: 'querystring.url' })]);
    }
    const missing = await t.app.inject({ url: `/api/mailing_list/click/${token}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([expect.objectContaining({ field: 'querystring.url' })]);
    const unknown = await t.app.inject({
      url: `/api/mailing_list/click/${'0'.repeat(32)}?url=${encodeURIComponent('https://example.org/a?x=1&y=2')}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is off with MAIL_TRACKING=false: no pixel, plain links, nothing counted', async () => {
    const off = await createTestApp({ env: { PUBLIC_URL, MAIL_TRACKING: 'false' } });
    try {
      await off.app.ready();
      const world = await createMailingWorld(off);
      const copy = await sendAndRead(
        off,
        world.users.host.cookie,
        world.lists.town,
        'bob@example.org',
      );
      expect(copy.html).not.toContain('/api/mailing_list/open/');
      expect(copy.html).not.toContain('/api/mailing_list/click/');
      expect(copy.html).toContain('href="https://example.org/a?x=1&amp;y=2"');

      // Links of mail sent while tracking was on still lead where they did, uncounted.
      const [delivery] = await off.db.select().from(mailingDeliveries).limit(1);
      const token = delivery!.trackingToken;
      expect((await off.app.inject({ url: `/api/mailing_list/open/${token}` })).statusCode).toBe(
        200,
      );
      const click = await off.app.inject({
        url: `/api/mailing_list/click/${token}?url=${encodeURIComponent('https://example.org/a?x=1&y=2')}`,
      });
      expect(click.statusCode).toBe(302);
      const [bob] = await off.db
        .select()
        .from(mailingListContacts)
        .where(eq(mailingListContacts.email, 'bob@example.org'));
      expect(bob).toMatchObject({ numOpens: 0, numClicks: 0, numSends: 1 });
    } finally {
      await off.close();
    }
  });
});
