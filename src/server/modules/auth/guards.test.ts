import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { requireHostAccess } from '../../plugins/auth';
import { chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
let chapterId: number;
let otherChapterId: number;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://chapters.example.org', AUTH_RATE_LIMIT_MAX: '3' },
  });
  const [c] = await t.db
    .insert(chapters)
    .values({ title: 'Guarded', slug: 'guarded', status: 1 })
    .returning();
  chapterId = c!.id;
  const [o] = await t.db
    .insert(chapters)
    .values({ title: 'Other', slug: 'guarded-other', status: 1 })
    .returning();
  otherChapterId = o!.id;
  t.app.get('/api/test/admin-only', { config: { access: 'admin' } }, () => ({ ok: true }));
  t.app.get('/api/test/host-only', { config: { access: 'hostAccess' } }, (request) => {
    requireHostAccess(request, chapterId);
    return { ok: true };
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('route guards', () => {
  it('answers an admin route with 401 to a visitor, 403 to a host and 200 to an admin', async () => {
    const host = await signedInUser(t, { hostOf: [chapterId] });
    const admin = await signedInUser(t, { admin: true });
    const url = '/api/test/admin-only';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: { cookie: host.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('lets only hosts of that chapter, its field organizers and admins past a host guard', async () => {
    const url = '/api/test/host-only';
    const cases: [Parameters<typeof signedInUser>[1] | null, number][] = [
      [null, 401],
      [{}, 403],
      [{ hostOf: [otherChapterId] }, 403],
      [{ hostOf: [chapterId] }, 200],
      [{ fieldOrganizerOf: [chapterId] }, 200],
      [{ admin: true }, 200],
    ];
    for (const [who, status] of cases) {
      const headers = who ? { cookie: (await signedInUser(t, who)).cookie } : {};
      expect((await t.app.inject({ url, headers })).statusCode, JSON.stringify(who)).toBe(status);
    }
  });
});

describe('cross-site requests', () => {
  const signin = { username: 'someone@example.org', password: 'whatever' };

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: 'https://evil.example.com' },
      payload: signin,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-origin request refused.');
  });

  it('accepts our own origin, and a form post of another type is refused', async () => {
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: 'https://chapters.example.org' },
      payload: { username: 'other@example.org', password: 'x' },
    });
    expect(ours.statusCode).toBe(200);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('rate limits', () => {
  // What an account's failures do (they never lock it) is in lockout.test.ts.
  it('does not count sign-ins that succeed, so a shared address never locks itself out', async () => {
    const email = 'regular@example.org';
    const password = 'right-password';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: '192.0.2.50',
      payload: { name: 'Regular', email, password, passwordMatch: password },
    });
    expect(signup.json().user.email).toBe(email);
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '192.0.2.51',
        payload: { username: email, password },
      });
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
      expect(res.json().user.email).toBe(email);
    }
    // Failures still count: the fourth wrong guess in the window is refused.
    const guess = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '192.0.2.51',
        payload: { username: email, password: 'wrong' },
      });
    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(200);
    expect((await guess()).statusCode).toBe(429);
  });

  it('counts per address too, whatever the account', async () => {
    const from = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password_reset/create',
        remoteAddress: '203.0.113.9',
        payload: { email: `spray${n}@example.org` },
      });
    for (let i = 0; i < 3; i++) expect((await from(i)).statusCode).toBe(200);
    expect((await from(99)).statusCode).toBe(429);
  });
});
