import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { buildApp } from '../../app';
import { mailOutbox, passwordResetTokens, sessions, users } from '../../db/schema';
import { EMAIL_TAKEN, SIGNIN_FAILED } from './service';
import { SESSION_COOKIE } from './sessions';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'http://chapters.test', AUTH_RATE_LIMIT_MAX: '50' },
  });
});
afterAll(() => t.close());

const newUser = (over: Record<string, string> = {}) => ({
  name: 'Dana Reyes',
  email: `dana${Math.random().toString(36).slice(2, 8)}@example.org`,
  password: 'secret-pass',
  passwordMatch: 'secret-pass',
  ...over,
});

function cookieOf(res: { cookies: { name: string; value: string }[] }) {
  const c = res.cookies.find((k) => k.name === SESSION_COOKIE);
  return c?.value ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

async function register(over: Record<string, string> = {}) {
  const body = newUser(over);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  return { body, res, cookie: cookieOf(res) };
}

const me = async (cookie?: string) =>
  (await t.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} })).json<{
    user: { email: string; isAdmin: boolean; hasChapters: boolean } | null;
    error: null;
  }>();

describe('registration', () => {
  it('creates the account, username set to the email, and signs the user in', async () => {
    const { body, res, cookie } = await register();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      error: null,
      user: { name: 'Dana Reyes', email: body.email, isAdmin: false, hasChapters: false },
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.username).toBe(body.email);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect((await me(cookie)).user?.email).toBe(body.email);
  });

  it('refuses an email already registered, in any letter case', async () => {
    const { body } = await register();
    const again = await register({ email: body.email.toUpperCase() });
    expect(again.res.statusCode).toBe(200);
    expect(again.res.json()).toEqual({ user: null, error: EMAIL_TAKEN });
    expect(again.cookie).toBeUndefined();
  });

  it('names the field of a short or mismatched password, and creates nothing', async () => {
    const short = await register({ password: '12345', passwordMatch: '12345' });
    expect(short.res.statusCode).toBe(400);
    expect(short.res.json().fields.map((f: { field: string }) => f.field)).toContain(
      'body.password',
    );
    const mismatch = await register({ passwordMatch: 'something-else' });
    expect(mismatch.res.statusCode).toBe(400);
    expect(mismatch.res.json().fields.map((f: { field: string }) => f.field)).toContain(
      'body.passwordMatch',
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'x@example.org' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/body\.name/);
    const rows = await t.db.select().from(users).where(eq(users.email, short.body.email));
    expect(rows).toHaveLength(0);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by email (any case) and out again, deleting the session on the server', async () => {
    const { body } = await register();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: body.email.toUpperCase(), password: body.password },
    });
    expect(res.json()).toMatchObject({ error: null, user: { email: body.email } });
    const cookie = cookieOf(res)!;
    expect((await me(cookie)).user?.email).toBe(body.email);
    const before = await t.db.select().from(sessions);
    const out = await t.app.inject({ url: '/api/auth/signout', headers: { cookie } });
    expect(out.json()).toEqual({ user: null, error: null });
    expect(await t.db.select().from(sessions)).toHaveLength(before.length - 1);
    expect((await me(cookie)).user).toBeNull();
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { body } = await register();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: body.email, password: 'not-it' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'nobody@example.org', password: 'not-it' },
    });
    expect(wrong.json()).toEqual({ user: null, error: SIGNIN_FAILED });
    expect(unknown.json()).toEqual({ user: null, error: SIGNIN_FAILED });
    expect(cookieOf(wrong)).toBeUndefined();
  });

  it('shares sign-ins between app servers on one database', async () => {
    const { cookie, body } = await register();
    const second = await buildApp({ config: t.config, db: t.db });
    try {
      const res = await second.inject({ url: '/api/auth/user', headers: { cookie: cookie! } });
      expect(res.json().user.email).toBe(body.email);
    } finally {
      await second.close();
    }
  });

  it('answers a visitor with no user, never an error', async () => {
    expect(await me()).toEqual({ user: null, error: null });
    expect(await me(`${SESSION_COOKIE}=forged-token`)).toEqual({ user: null, error: null });
  });
});

describe('password reset', () => {
  const lastMailTo = async (email: string) => {
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return rows.at(-1)!;
  };
  const tokenFrom = (text: string) => /password_verify\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it('mails a one-hour link, sets the new password once, and ends every session', async () => {
    const { body, cookie } = await register();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/create',
      payload: { email: body.email },
    });
    expect(res.json()).toEqual({ result: 'ok' });
    const mail = await lastMailTo(body.email);
    expect(mail.text).toContain('http://chapters.test/password_verify/');
    const token = tokenFrom(mail.text);
    expect((await t.app.inject({ url: `/api/password_reset/check/${token}` })).json()).toEqual({
      result: 'ok',
    });

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/new_password',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(set.json()).toEqual({ result: 'ok' });
    expect((await me(cookie)).user).toBeNull(); // the old session is over
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: body.email, password: 'brand-new-pass' },
    });
    expect(signin.json().error).toBeNull();

    // Single use.
    expect((await t.app.inject({ url: `/api/password_reset/check/${token}` })).json()).toEqual({
      result: 'invalid',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/new_password',
      payload: { token, password: 'another-pass' },
    });
    expect(again.json()).toEqual({ result: 'invalid' });
  });

  it('says so for an unknown email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/create',
      payload: { email: 'nobody-here@example.org' },
    });
    expect(res.json()).toEqual({ result: 'user not found' });
  });

  it('refuses an expired token and an unknown one', async () => {
    const { body } = await register();
    await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/create',
      payload: { email: body.email },
    });
    const token = tokenFrom((await lastMailTo(body.email)).text);
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: `/api/password_reset/check/${token}` })).json()).toEqual({
      result: 'invalid',
    });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/new_password',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(set.json()).toEqual({ result: 'invalid' });
    expect((await t.app.inject({ url: '/api/password_reset/check/made-up' })).json()).toEqual({
      result: 'invalid',
    });
  });

  it("changes only the password of the token's own user", async () => {
    const a = await register();
    const b = await register();
    await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/create',
      payload: { email: a.body.email },
    });
    const token = tokenFrom((await lastMailTo(a.body.email)).text);
    await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/new_password',
      payload: { token, password: 'taken-over' },
    });
    const asB = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: b.body.email, password: 'taken-over' },
    });
    expect(asB.json().error).toBe(SIGNIN_FAILED);
    const bStill = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: b.body.email, password: b.body.password },
    });
    expect(bStill.json().error).toBeNull();
  });

  it('spends every older reset link once a password is set with one of them', async () => {
    const { body } = await register();
    const links: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/password_reset/create',
        payload: { email: body.email },
      });
      links.push(tokenFrom((await lastMailTo(body.email)).text));
    }
    expect(new Set(links).size).toBe(2);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/new_password',
      payload: { token: links[0], password: 'the-one-i-chose' },
    });
    expect(first.json()).toEqual({ result: 'ok' });
    const second = await t.app.inject({ url: `/api/password_reset/check/${links[1]}` });
    expect(second.json()).toEqual({ result: 'invalid' });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset/new_password',
      payload: { token: links[1], password: 'someone-elses-choice' },
    });
    expect(set.json()).toEqual({ result: 'invalid' });
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: body.email, password: 'the-one-i-chose' },
    });
    expect(signin.json().error).toBeNull();
  });
});
