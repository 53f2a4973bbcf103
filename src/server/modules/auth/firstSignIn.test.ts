// A password printed by `admin:create` is for the first sign-in only (issue 35): until the admin
// sets a new one, they may read and sign out, and every other write is refused with a 403 that
// says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createOrPromoteAdmin } from './adminCreate';
import { SESSION_COOKIE } from './sessions';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '50' } });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A new admin made by admin:create, signed in with the printed password. */
async function printedAdmin(email: string) {
  const made = await createOrPromoteAdmin(t.db, { email, name: 'Pat Printed' }, 'http://x');
  if (!made.created) throw new Error('expected a new user');
  const res = await call('POST', '/api/auth/signin', undefined, {
    username: email,
    password: made.password,
  });
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return {
    password: made.password,
    cookie: `${SESSION_COOKIE}=${session!.value}`,
    user: res.json().user as { passwordChangeRequired: boolean },
  };
}

const NEW_PASSWORD = 'a password of my own';

describe('the first sign-in with a printed password', () => {
  it('says the password must be changed, in the sign-in answer and the current user', async () => {
    const admin = await printedAdmin('first-a@example.org');
    expect(admin.user.passwordChangeRequired).toBe(true);
    const me = await call('GET', '/api/auth/user', admin.cookie);
    expect(me.json().user).toMatchObject({ isAdmin: true, passwordChangeRequired: true });
  });

  it('refuses every other write with a 403 naming the reason, and still lets them read', async () => {
    const admin = await printedAdmin('first-b@example.org');
    const rename = await call('POST', '/api/user/me', admin.cookie, { name: 'Someone Else' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: expect.stringMatching(/^Set a new password before anything else/),
    });
    // An admin's write as well as a user's own.
    const page = await call('POST', '/api/chapter', admin.cookie, { id: 1, title: 'Taken Over' });
    expect(page.statusCode).toBe(403);
    expect(page.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const read = await call('GET', '/api/user/me', admin.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().user.name).toBe('Pat Printed');
  });

  it('lifts the rule once they set a new password, which then signs them in', async () => {
    const admin = await printedAdmin('first-c@example.org');
    const changed = await call('POST', '/api/user/me/password', admin.cookie, {
      currentPassword: admin.password,
      password: NEW_PASSWORD,
      passwordMatch: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.passwordChangeRequired).toBe(false);
    const rename = await call('POST', '/api/user/me', admin.cookie, { name: 'Pat Chosen' });
    expect(rename.statusCode).toBe(200);
    const again = await call('POST', '/api/auth/signin', undefined, {
      username: 'first-c@example.org',
      password: NEW_PASSWORD,
    });
    expect(again.json().user).toMatchObject({ name: 'Pat Chosen', passwordChangeRequired: false });
    const old = await call('POST', '/api/auth/signin', undefined, {
      username: 'first-c@example.org',
      password: admin.password,
    });
    expect(old.json().user).toBeNull();
  });

  it('asks nothing of an account with a password of its own', async () => {
    const email = 'own-password@example.org';
    const res = await call('POST', '/api/auth/signup', undefined, {
      name: 'Reg Ular',
      email,
      password: NEW_PASSWORD,
      passwordMatch: NEW_PASSWORD,
    });
    expect(res.json().user.passwordChangeRequired).toBe(false);
    const session = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const rename = await call('POST', '/api/user/me', `${SESSION_COOKIE}=${session.value}`, {
      name: 'Reg Renamed',
    });
    expect(rename.statusCode).toBe(200);
  });
});
