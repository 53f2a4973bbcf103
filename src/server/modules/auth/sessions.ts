// Sessions: a random token in the browser's cookie, only its SHA-256 in the database. Nothing is
// kept in memory, so every app server on the same database recognises every sign-in.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { preparedPerDb } from '../../db/prepared';
import { permissions, sessions, users } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import { summarizeRoles } from '../../../common/policy';
import { passwordChangeRequired } from './passwords';

export const SESSION_COOKIE = 'session';
const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(db: Db, userId: number, days: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + days * DAY_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user but the one given (after a password change). */
export async function deleteOtherSessions(db: DbOrTx, userId: number, keepToken?: string) {
  const keep = keepToken ? hashToken(keepToken) : '';
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

/** The API's user (spec 1 §3) for a user id, or null if there is no such user. */
export async function loadUser(db: Db, userId: number): Promise<User | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordChangeRequired: passwordChangeRequired(users.passwordHash),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const perms = await db
    .select({ roleId: permissions.roleId, chapterId: permissions.chapterId })
    .from(permissions)
    .where(eq(permissions.userId, userId));
  return { ...row, permissions: perms, ...summarizeRoles(perms) };
}

/**
 * The signed-in user of a session token, or null when it is unknown or expired. A session lasts
 * SESSION_DAYS from sign-in; it is not extended, so the cookie and the row expire together.
 * Every signed-in request asks this: one prepared statement (the session, its user and their
 * roles), not three built anew.
 */
export async function userForToken(db: Db, token: string): Promise<User | null> {
  const [row] = await sessionUser(db).execute({
    tokenHash: hashToken(token),
    now: new Date().toISOString(),
  });
  return row ? { ...row, ...summarizeRoles(row.permissions) } : null;
}

const sessionUser = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      passwordChangeRequired: passwordChangeRequired(users.passwordHash),
      permissions: sql<{ roleId: number; chapterId: number | null }[]>`(select coalesce(
        json_agg(json_build_object('roleId', p.role_id, 'chapterId', p.chapter_id) order by p.id),
        '[]'::json) from ${permissions} p where p.user_id = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_user'),
);
