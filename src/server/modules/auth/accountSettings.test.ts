// Your Settings' calls: name, email (by a link to the new address) and password changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { emailChangeTokens, mailOutbox, rateLimits, users } from '../../db/schema';
import { EMAIL_IN_USE, EMAIL_UNCHANGED, WRONG_CURRENT_PASSWORD } from './accountSettings';
import { SIGNIN_FAILED } from './service';
import { SESSION_COOKIE } from './sessions';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'http://chapters.test', AUTH_RATE_LIMIT_MAX: '50' },
  });
});
afterAll(() => t.close());

const PASSWORD = 'secret-pass';
const uniqueEmail = (name = 'sam') =>
  `${name}${Math.random().toString(36).slice(2, 8)}@example.org`;

function cookieOf(res: { cookies: { name: string; value: string }[] }) {
  const c = res.cookies.find((k) => k.name === SESSION_COOKIE);
  return c?.value ? `${SESSION_COOKIE}=${c.value}` : undefined;
}

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function register() {
  const email = uniqueEmail();
  const res = await call('POST', '/api/auth/signup', undefined, {
    name: 'Sam Ortiz',
    email,
    password: PASSWORD,
    passwordMatch: PASSWORD,
  });
  const id = (res.json() as { user: { id: number } }).user.id;
  return { id, email, cookie: cookieOf(res)! };
}

const signIn = (email: string, password: string) =>
  call('POST', '/api/auth/signin', undefined, { username: email, password });

const currentUser = async (cookie: string) =>
  (await call('GET', '/api/auth/user', cookie)).json<{
    user: { name: string; email: string } | null;
  }>().user;

const fieldsOf = (res: { json: () => unknown }) =>
  (res.json() as { fields?: { field: string; message: string }[] }).fields ?? [];

const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

const linkToken = (text: string) => /\/email_change\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

const confirm = (token: string) =>
  call('POST', '/api/user/email_change/confirm', undefined, { token });

/** Asks for a change to `newEmail`; the token of the link mailed there. */
async function askEmailChange(cookie: string, newEmail: string) {
  const res = await call('POST', '/api/user/me/email', cookie, { email: newEmail });
  expect(res.statusCode, res.body).toBe(200);
  return linkToken((await mailsTo(newEmail)).at(-1)!.text);
}

describe('signed out', () => {
  it('refuses every account call with 401 and changes nothing', async () => {
    const before = await t.db.select().from(users);
    for (const [method, url, payload] of [
      ['GET', '/api/user/me', undefined],
      ['POST', '/api/user/me', { name: 'Nobody' }],
      ['POST', '/api/user/me/email', { email: uniqueEmail() }],
      [
        'POST',
        '/api/user/me/password',
        { currentPassword: 'x', password: 'new-pass', passwordMatch: 'new-pass' },
      ],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
    }
    expect(await t.db.select().from(users)).toEqual(before);
  });
});

describe('the account', () => {
  it('answers the user and no pending email', async () => {
    const { cookie, email } = await register();
    const res = await call('GET', '/api/user/me', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email, name: 'Sam Ortiz' }, pendingEmail: null });
  });
});

describe('changing the name', () => {
  it('saves it trimmed, and the current user shows it', async () => {
    const { cookie } = await register();
    const res = await call('POST', '/api/user/me', cookie, { name: '  Samira Ortiz ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Samira Ortiz');
    expect((await currentUser(cookie))?.name).toBe('Samira Ortiz');
  });

  it('refuses a blank or missing name with 400 naming body.name', async () => {
    const { cookie } = await register();
    for (const payload of [{ name: '   ' }, {}]) {
      const res = await call('POST', '/api/user/me', cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).map((f) => f.field)).toEqual(['body.name']);
    }
    expect((await currentUser(cookie))?.name).toBe('Sam Ortiz');
  });
});

describe('changing the email', () => {
  it('changes it only when the link mailed to the new address is opened, once', async () => {
    const { cookie, email } = await register();
    const newEmail = uniqueEmail('new');
    const res = await call('POST', '/api/user/me/email', cookie, { email: ` ${newEmail} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email }, pendingEmail: newEmail });

    // The new address gets the link; the old one a notice naming the new address, no link.
    const [link] = await mailsTo(newEmail);
    expect(link!.text).toContain('http://chapters.test/email_change/');
    const token = linkToken(link!.text);
    const notice = (await mailsTo(email)).at(-1)!;
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(token);
    expect(
      await t.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.tokenHash, token)),
    ).toHaveLength(0); // only the hash is kept

    // Nothing changed yet.
    expect((await currentUser(cookie))?.email).toBe(email);
    expect((await signIn(newEmail, PASSWORD)).json().error).toBe(SIGNIN_FAILED);

    const opened = await confirm(token);
    expect(opened.json()).toEqual({ result: 'ok', email: newEmail });
    expect((await currentUser(cookie))?.email).toBe(newEmail);
    const [row] = await t.db.select().from(users).where(eq(users.email, newEmail));
    expect(row!.username).toBe(newEmail);
    expect((await signIn(newEmail, PASSWORD)).json().error).toBeNull();
    expect((await signIn(email, PASSWORD)).json().error).toBe(SIGNIN_FAILED);
    expect((await call('GET', '/api/user/me', cookie)).json().pendingEmail).toBeNull();

    // Single use.
    expect((await confirm(token)).json()).toEqual({ result: 'invalid', email: null });
  });

  it('refuses an invalid address, its own address and one of another account, naming body.email', async () => {
    const other = await register();
    const { cookie, email } = await register();
    const bad = await call('POST', '/api/user/me/email', cookie, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).map((f) => f.field)).toEqual(['body.email']);

    const own = await call('POST', '/api/user/me/email', cookie, { email: email.toUpperCase() });
    expect(own.statusCode).toBe(400);
    expect(fieldsOf(own)).toEqual([{ field: 'body.email', message: EMAIL_UNCHANGED }]);

    const taken = await call('POST', '/api/user/me/email', cookie, {
      email: other.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      statusCode: 409,
      message: EMAIL_IN_USE,
      fields: [{ field: 'body.email', message: EMAIL_IN_USE }],
    });
    expect(await mailsTo(other.email.toUpperCase())).toHaveLength(0);
    expect((await call('GET', '/api/user/me', cookie)).json().pendingEmail).toBeNull();
  });

  it('refuses an expired link and an unknown one', async () => {
    const { id, cookie, email } = await register();
    const token = await askEmailChange(cookie, uniqueEmail('late'));
    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, id));
    expect((await confirm(token)).json()).toEqual({ result: 'invalid', email: null });
    expect((await confirm('made-up')).json()).toEqual({ result: 'invalid', email: null });
    expect((await currentUser(cookie))?.email).toBe(email);
    expect((await call('GET', '/api/user/me', cookie)).json().pendingEmail).toBeNull();
  });

  it('keeps only the newest link working', async () => {
    const { cookie } = await register();
    const first = await askEmailChange(cookie, uniqueEmail('first'));
    const second = uniqueEmail('second');
    const secondToken = await askEmailChange(cookie, second);
    expect((await confirm(first)).json().result).toBe('invalid');
    expect((await confirm(secondToken)).json()).toEqual({ result: 'ok', email: second });
  });

  it('refuses the link when another account has taken the address meanwhile', async () => {
    const { cookie, email } = await register();
    const wanted = uniqueEmail('wanted');
    const token = await askEmailChange(cookie, wanted);
    await call('POST', '/api/auth/signup', undefined, {
      name: 'Quick Taker',
      email: wanted,
      password: PASSWORD,
      passwordMatch: PASSWORD,
    });
    expect((await confirm(token)).json()).toEqual({ result: 'taken', email: wanted });
    expect((await currentUser(cookie))?.email).toBe(email);
  });

  it('is rate-limited per account', async () => {
    const { id, cookie } = await register();
    await t.db.insert(rateLimits).values({
      key: `emailChange:user:${id}`,
      count: 50,
      resetAt: new Date(Date.now() + 60_000),
    });
    const newEmail = uniqueEmail('limited');
    const res = await call('POST', '/api/user/me/email', cookie, { email: newEmail });
    expect(res.statusCode).toBe(429);
    expect(await mailsTo(newEmail)).toHaveLength(0);
  });
});

describe('changing the password', () => {
  const change = (cookie: string, body: object) =>
    call('POST', '/api/user/me/password', cookie, body);

  it('refuses a wrong current password with 400 naming body.currentPassword, changing nothing', async () => {
    const { cookie, email } = await register();
    const other = cookieOf(await signIn(email, PASSWORD))!;
    const res = await change(cookie, {
      currentPassword: 'not-my-password',
      password: 'brand-new-pass',
      passwordMatch: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      { field: 'body.currentPassword', message: WRONG_CURRENT_PASSWORD },
    ]);
    expect((await currentUser(other))?.email).toBe(email);
    expect((await signIn(email, PASSWORD)).json().error).toBeNull();
  });

  it('holds the new password to the sign-up rules, naming the field', async () => {
    const { cookie } = await register();
    const short = await change(cookie, {
      currentPassword: PASSWORD,
      password: '12345',
      passwordMatch: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short).map((f) => f.field)).toContain('body.password');
    const mismatch = await change(cookie, {
      currentPassword: PASSWORD,
      password: 'brand-new-pass',
      passwordMatch: 'brand-new-pazz',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(fieldsOf(mismatch).map((f) => f.field)).toEqual(['body.passwordMatch']);
    const missing = await change(cookie, { password: 'brand-new-pass', passwordMatch: 'x' });
    expect(fieldsOf(missing).map((f) => f.field)).toContain('body.currentPassword');
  });

  it('sets it, keeps this session, ends the others and spends reset and email-change links', async () => {
    const { cookie, email } = await register();
    const other = cookieOf(await signIn(email, PASSWORD))!;
    await call('POST', '/api/password_reset/create', undefined, { email });
    const reset = /password_verify\/([A-Za-z0-9_-]+)/.exec(
      (await mailsTo(email)).at(-1)!.text,
    )![1]!;
    const emailToken = await askEmailChange(cookie, uniqueEmail('pending'));

    const res = await change(cookie, {
      currentPassword: PASSWORD,
      password: 'brand-new-pass',
      passwordMatch: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email }, pendingEmail: null });

    expect((await currentUser(cookie))?.email).toBe(email); // this session stays
    expect(await currentUser(other)).toBeNull(); // the other one is over
    expect((await call('GET', `/api/password_reset/check/${reset}`)).json()).toEqual({
      result: 'invalid',
    });
    expect((await confirm(emailToken)).json().result).toBe('invalid');
    expect((await signIn(email, PASSWORD)).json().error).toBe(SIGNIN_FAILED);
    expect((await signIn(email, 'brand-new-pass')).json().error).toBeNull();
  });

  it('locks out guessing: over the limit, 429 even for the right password', async () => {
    const { id, cookie, email } = await register();
    await t.db.insert(rateLimits).values({
      key: `password:user:${id}`,
      count: 50,
      resetAt: new Date(Date.now() + 60_000),
    });
    const res = await change(cookie, {
      currentPassword: PASSWORD,
      password: 'brand-new-pass',
      passwordMatch: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await signIn(email, PASSWORD)).json().error).toBeNull();
  });
});
