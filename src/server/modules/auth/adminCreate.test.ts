import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { createUser } from '../../test/users';
import { permissions } from '../../db/schema';
import { adminCreateArgsSchema, createOrPromoteAdmin } from './adminCreate';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin:create', () => {
  it('creates an admin who can sign in with the printed password', async () => {
    const result = await createOrPromoteAdmin(
      t.db,
      { email: 'boss@example.org', name: 'The Boss' },
      'http://x',
    );
    if (!result.created) throw new Error('expected a new user');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'boss@example.org', password: result.password },
    });
    expect(res.json().user.isAdmin).toBe(true);
  });

  it('promotes an existing user once, however often it runs, and gives a working reset link', async () => {
    const user = await createUser(t.db, { email: 'Promote.Me@example.org' });
    const first = await createOrPromoteAdmin(
      t.db,
      { email: 'promote.me@example.org', name: 'ignored' },
      'http://x',
    );
    await createOrPromoteAdmin(
      t.db,
      { email: 'promote.me@example.org', name: 'ignored' },
      'http://x',
    );
    if (first.created) throw new Error('expected a promotion');
    const token = first.resetUrl.split('/password_verify/')[1];
    expect((await t.app.inject({ url: `/api/password_reset/check/${token}` })).json()).toEqual({
      result: 'ok',
    });
    const roles = await t.db.select().from(permissions).where(eq(permissions.userId, user.id));
    expect(roles.filter((r) => r.roleId === 1)).toHaveLength(1);
  });

  it('explains bad arguments', () => {
    const bad = adminCreateArgsSchema.safeParse({ email: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      '--email must be an email address',
      expect.any(String),
    ]);
  });
});
