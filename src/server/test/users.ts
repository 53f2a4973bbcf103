// Users with roles, signed in, for API tests: `const admin = await signedInUser(t, { admin: true })`
// then `t.app.inject({ url, headers: { cookie: admin.cookie } })`.
import type { Db } from '../db/client';
import { permissions, users } from '../db/schema';
import { ROLE } from '../../common/constants';
import { createSession, SESSION_COOKIE } from '../modules/auth/sessions';

let counter = 0;

export interface TestUserOptions {
  name?: string;
  email?: string;
  admin?: boolean;
  hostOf?: number[];
  fieldOrganizerOf?: number[];
}

export async function createUser(db: Db, opts: TestUserOptions = {}) {
  counter += 1;
  const email = opts.email ?? `user${counter}-${Date.now()}@example.org`;
  const [user] = await db
    .insert(users)
    .values({ name: opts.name ?? `Test User ${counter}`, email, username: email })
    .returning();
  if (!user) throw new Error('insert returned no user');
  const rows = [
    ...(opts.admin ? [{ userId: user.id, roleId: ROLE.admin, chapterId: null }] : []),
    ...(opts.hostOf ?? []).map((chapterId) => ({
      userId: user.id,
      roleId: ROLE.chapterHost,
      chapterId,
    })),
    ...(opts.fieldOrganizerOf ?? []).map((chapterId) => ({
      userId: user.id,
      roleId: ROLE.fieldOrganizer,
      chapterId,
    })),
  ];
  if (rows.length) await db.insert(permissions).values(rows);
  return user;
}

/** A user with a live session: `cookie` goes in the request's cookie header. */
export async function signedInUser(t: { db: Db }, opts: TestUserOptions = {}) {
  const user = await createUser(t.db, opts);
  const { token } = await createSession(t.db, user.id, 1);
  return { ...user, cookie: `${SESSION_COOKIE}=${token}` };
}
