// Aliases with MAILGUN_API_KEY, against a fake Mailgun routes API (src/server/test/fakeMailgun.ts):
// each alias is one route, created, updated and deleted with it; a refusal or the rate limit
// leaves nothing saved; changes the database makes by itself reach Mailgun on the next turn.
// The alias test goes through a real SMTP peer.
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser, signedInUser } from '../../test/users';
import { FAKE_MAILGUN_KEY, startFakeMailgun, type FakeMailgun } from '../../test/fakeMailgun';
import { chapters, emailAliases, permissions } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import { PROVIDER_ERROR_TEXT } from '../../../common/schemas/emailAdmin';
import { mailgunClient } from '../../mail/aliases/mailgunClient';
import { syncPending } from '../../mail/aliases/mailgunSync';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mailgun: FakeMailgun;
let smtp: SMTPServer;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const received: { from: string; to: string[] }[] = [];

beforeAll(async () => {
  mailgun = await startFakeMailgun();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      MAILGUN_API_KEY: FAKE_MAILGUN_KEY,
      MAILGUN_API_URL: mailgun.url,
      MAILGUN_SYNC_SECONDS: '0',
      SMTP_URL: `smtp://127.0.0.1:${port}?pool=false`,
    },
  });
  await t.app.ready();
  admin = await signedInUser(t, { admin: true });
}, 60_000);
afterAll(async () => {
  await t.close();
  await mailgun.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
const client = () => mailgunClient({ apiKey: FAKE_MAILGUN_KEY, apiUrl: mailgun.url });

describe('aliases as Mailgun routes', () => {
  it('creates, updates and deletes the route with the alias', async () => {
    const created = await call('POST', '/api/admin/mailgun/aliases', {
      localPart: 'info.desk',
      domain: 'drinkingliberally.org',
      recipients: ['a@example.org', 'b@example.org'],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const [row] = await t.db.select().from(emailAliases).where(eq(emailAliases.id, id));
    const route = mailgun.routes.get(row!.mailgunRouteId!);
    expect(route).toMatchObject({
      actions: ['forward("a@example.org")', 'forward("b@example.org")', 'stop()'],
    });
    expect(mailgun.deliver('info.desk@drinkingliberally.org')).toEqual([
      'a@example.org',
      'b@example.org',
    ]);
    // The dot is a dot, not any character.
    expect(mailgun.deliver('infoxdesk@drinkingliberally.org')).toEqual([]);

    await call('PUT', `/api/admin/mailgun/aliases/${id}`, {
      localPart: 'info.desk',
      domain: 'drinkingliberally.org',
      recipients: ['c@example.org'],
    });
    expect(mailgun.routes.size).toBe(1);
    expect(mailgun.deliver('info.desk@drinkingliberally.org')).toEqual(['c@example.org']);

    expect((await call('DELETE', `/api/admin/mailgun/aliases/${id}`)).statusCode).toBe(200);
    expect(mailgun.routes.size).toBe(0);
    expect(mailgun.deliver('info.desk@drinkingliberally.org')).toEqual([]);
  });

  it("saves nothing when Mailgun refuses: the rate limit's wait-a-minute, the key, an outage", async () => {
    const body = {
      localPart: 'limited',
      domain: 'drinkingliberally.org',
      recipients: ['a@example.org'],
    };
    mailgun.rateLimit(1);
    const limited = await call('POST', '/api/admin/mailgun/aliases', body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(PROVIDER_ERROR_TEXT.rateLimited);
    expect(limited.headers['retry-after']).toBe('60');
    mailgun.fail(401);
    expect((await call('POST', '/api/admin/mailgun/aliases', body)).json()).toMatchObject({
      statusCode: 502,
      message: PROVIDER_ERROR_TEXT.auth,
    });
    mailgun.fail(503);
    expect((await call('POST', '/api/admin/mailgun/aliases', body)).json().message).toBe(
      'Server error: 503 Service Unavailable',
    );
    expect(
      await t.db.select().from(emailAliases).where(eq(emailAliases.localPart, 'limited')),
    ).toEqual([]);
    expect((await call('POST', '/api/admin/mailgun/aliases', body)).statusCode).toBe(200);
  });

  it("pushes a chapter alias's changes made by the database on the next turn", async () => {
    const [chapter] = await t.db
      .insert(chapters)
      .values({ title: 'Harbor', slug: `harbor-${Date.now()}`, emailAlias: 'harbor' })
      .returning();
    const hostUser = await createUser(t.db);
    await t.db
      .insert(permissions)
      .values({ userId: hostUser.id, roleId: ROLE.chapterHost, chapterId: chapter!.id });
    expect(mailgun.deliver('harbor@drinkingliberally.org')).toEqual([]);
    await syncPending(t.db, client());
    expect(mailgun.deliver('harbor@drinkingliberally.org')).toEqual([hostUser.email]);

    await t.db.delete(chapters).where(eq(chapters.id, chapter!.id));
    await syncPending(t.db, client());
    expect(mailgun.deliver('harbor@drinkingliberally.org')).toEqual([]);
    expect(await syncPending(t.db, client())).toBe(0);
  });
});

describe('the alias test', () => {
  it('hands a real message for the alias to the mail server', async () => {
    const created = await call('POST', '/api/admin/mailgun/aliases', {
      localPart: 'smoke',
      domain: 'screeningliberally.org',
      recipients: ['x@example.org'],
    });
    const res = await call('POST', '/api/admin/mailgun/aliases/test', { id: created.json().id });
    expect(res.json()).toMatchObject({
      result: 'success',
      delivery: 'smtp',
      to: 'smoke@screeningliberally.org',
    });
    expect(received.at(-1)!.to).toEqual(['smoke@screeningliberally.org']);
  });
});
