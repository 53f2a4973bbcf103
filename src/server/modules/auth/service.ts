// Accounts: registration, sign-in and the password reset (spec 1 §2, §5, §7). Routes turn these
// answers into HTTP; the session cookie is set there.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { isUniqueViolation } from '../../db/errors';
import { passwordResetTokens, users } from '../../db/schema';
import type { AuthResponse, SignupRequest } from '../../../common/schemas/auth';
import { LIMITS } from '../../../common/constants';
import type { Mailer } from '../../mail/mailer';
import { letterMail } from '../../mail/layout';
import { hashPassword, verifyPassword } from './passwords';
import { deleteOtherSessions, hashToken, loadUser, newToken } from './sessions';

export const SIGNIN_FAILED = 'Oops. Either your email or password is incorrect.';
export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in.';

export const byEmail = (email: string) =>
  eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** Creates the account; `userId` is set when it was created (the route then signs them in). */
export async function signup(
  db: Db,
  input: SignupRequest,
): Promise<AuthResponse & { userId?: number }> {
  const email = input.email.trim();
  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(email));
  if (existing) return { user: null, error: EMAIL_TAKEN };
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await db
      .insert(users)
      .values({ name: input.name.trim(), email, username: email, passwordHash })
      .returning({ id: users.id });
    return { user: await loadUser(db, created!.id), error: null, userId: created!.id };
  } catch (err) {
    // Two registrations of one email at once: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) return { user: null, error: EMAIL_TAKEN };
    throw err;
  }
}

export async function signin(
  db: Db,
  email: string,
  password: string,
): Promise<AuthResponse & { userId?: number }> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email));
  if (!(await verifyPassword(row?.passwordHash ?? null, password)) || !row) {
    return { user: null, error: SIGNIN_FAILED };
  }
  return { user: await loadUser(db, row.id), error: null, userId: row.id };
}

/** Makes a one-hour, single-use reset token; returns the raw token (only its hash is stored). */
export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + LIMITS.resetLinkMinutes * 60_000),
  });
  return token;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/password_verify/${token}`;
}

export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  email: string,
): Promise<'ok' | 'user not found'> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(byEmail(email));
  if (!user) return 'user not found';
  const link = resetLink(publicUrl, await createResetToken(db, user.id));
  await mailer.send(
    letterMail(user.email, {
      publicUrl,
      subject: 'Reset your Living Liberally password',
      greeting: `Hi ${user.name},`,
      blocks: [
        {
          p: 'Someone (we hope you) asked to reset the password of your Living Liberally account. Choose a new password on this page within the next hour:',
        },
        { button: 'Choose a new password', url: link, showUrl: true },
        { p: 'If it was not you, ignore this email: your password stays as it is.', small: true },
      ],
      reason: `You get this email because a password reset was asked for ${user.email}.`,
    }),
  );
  return 'ok';
}

const usable = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

export async function checkResetToken(db: Db, token: string): Promise<'ok' | 'invalid'> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usable(token));
  return row ? 'ok' : 'invalid';
}

/**
 * Every reset link of the user still outstanding stops working: a link mailed before a password
 * change must not set another password after it. Every change of password calls this.
 */
export async function spendResetTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Sets the new password, spends every reset token and ends every session of that user. Says
 * whose password it was, for what else a changed password ends (the demo sign-in file).
 */
export async function setNewPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ result: 'ok'; email: string } | { result: 'invalid' }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    // Marking it used in the same statement that finds it: two uses at once cannot both win.
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usable(token))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return { result: 'invalid' as const };
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, spent.userId))
      .returning({ email: users.email });
    await spendResetTokens(tx, spent.userId);
    await deleteOtherSessions(tx, spent.userId);
    return { result: 'ok' as const, email: user?.email ?? '' };
  });
}
