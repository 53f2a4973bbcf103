// Your Settings: a user changes their own name, email and password (docs/decisions/03-accounts.md).
// An email change takes effect only when the link mailed to the new address is opened.
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { isUniqueViolation } from '../../db/errors';
import { emailChangeTokens, users } from '../../db/schema';
import type { Account, EmailChangeAnswer } from '../../../common/schemas/auth';
import { LIMITS } from '../../../common/constants';
import type { Mailer } from '../../mail/mailer';
import { letterMail } from '../../mail/layout';
import { fieldError } from '../../core/httpError';
import { hashPassword, verifyPassword } from './passwords';
import { byEmail, spendResetTokens } from './service';
import { deleteOtherSessions, hashToken, loadUser, newToken } from './sessions';

export const EMAIL_IN_USE = 'Another account already uses this email address.';
export const EMAIL_UNCHANGED = 'This is already your email address.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';

const usable = (token: string) =>
  and(
    eq(emailChangeTokens.tokenHash, hashToken(token)),
    isNull(emailChangeTokens.usedAt),
    gt(emailChangeTokens.expiresAt, new Date()),
  );

const linkLife = () =>
  LIMITS.resetLinkMinutes === 60 ? 'the next hour' : `${LIMITS.resetLinkMinutes} minutes`;

export async function loadAccount(db: Db, userId: number): Promise<Account> {
  const user = await loadUser(db, userId);
  // Only a deleted account has no row; its session went with it, so this cannot be reached.
  if (!user) throw new Error(`No user ${userId}`);
  const [pending] = await db
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return { user, pendingEmail: pending?.newEmail ?? null };
}

export async function changeName(db: Db, userId: number, name: string): Promise<Account> {
  await db.update(users).set({ name: name.trim() }).where(eq(users.id, userId));
  return loadAccount(db, userId);
}

/** Outstanding email-change links of the user stop working. */
async function spendEmailChangeTokens(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(emailChangeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
}

/**
 * Mails a single-use link to the new address and a notice to the old one. A new request replaces
 * any earlier one. An address of another account is refused (409 naming body.email).
 */
export async function requestEmailChange(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  userId: number,
  email: string,
): Promise<Account> {
  const newEmail = email.trim();
  const [me] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) throw new Error(`No user ${userId}`);
  if (me.email.toLowerCase() === newEmail.toLowerCase()) {
    throw fieldError(400, 'body.email', EMAIL_UNCHANGED);
  }
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(byEmail(newEmail), ne(users.id, userId)));
  if (other) throw fieldError(409, 'body.email', EMAIL_IN_USE);

  const token = newToken();
  await db.transaction(async (tx) => {
    await spendEmailChangeTokens(tx, userId);
    await tx.insert(emailChangeTokens).values({
      tokenHash: hashToken(token),
      userId,
      newEmail,
      expiresAt: new Date(Date.now() + LIMITS.resetLinkMinutes * 60_000),
    });
  });
  await mailer.send(
    letterMail(newEmail, {
      publicUrl,
      subject: 'Confirm your new Living Liberally email address',
      greeting: `Hi ${me.name},`,
      blocks: [
        {
          p: `Someone (we hope you) asked to use this address for their Living Liberally account. Confirm it on this page within ${linkLife()}:`,
        },
        {
          button: 'Confirm this address',
          url: `${publicUrl}/email_change/${token}`,
          showUrl: true,
        },
        {
          p: 'Until then the account keeps its old address. If it was not you, ignore this email.',
          small: true,
        },
      ],
      reason: `You get this email because ${newEmail} was given as a new address for an account.`,
    }),
  );
  await mailer.send(
    letterMail(me.email, {
      publicUrl,
      subject: 'A change of your Living Liberally email address was asked for',
      greeting: `Hi ${me.name},`,
      blocks: [
        {
          p: `Someone signed in to your Living Liberally account asked to change its email address to ${newEmail}. Nothing changes until the link we sent to that address is opened.`,
        },
        { p: 'If it was not you, change your password: that also cancels the change.' },
        { link: 'Your account settings', url: `${publicUrl}/settings` },
      ],
      reason: `You get this email because it is the address of your Living Liberally account.`,
    }),
  );
  return loadAccount(db, userId);
}

/** Opens an email-change link: the address (and username) change, once, if still free. */
export async function confirmEmailChange(db: Db, token: string): Promise<EmailChangeAnswer> {
  try {
    return await db.transaction(async (tx) => {
      // Spent in the statement that finds it: two opens at once cannot both win.
      const [spent] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: new Date() })
        .where(usable(token))
        .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
      if (!spent) return { result: 'invalid', email: null } as const;
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(byEmail(spent.newEmail), ne(users.id, spent.userId)));
      if (other) return { result: 'taken', email: spent.newEmail } as const;
      await tx
        .update(users)
        .set({ email: spent.newEmail, username: spent.newEmail })
        .where(eq(users.id, spent.userId));
      // Reset links mailed to the old address must not open the account any more.
      await spendResetTokens(tx, spent.userId);
      await spendEmailChangeTokens(tx, spent.userId);
      return { result: 'ok', email: spent.newEmail } as const;
    });
  } catch (err) {
    // Another account took the address at this very moment: the unique index decides, and the
    // link stays unspent (the transaction rolled back).
    if (isUniqueViolation(err)) return { result: 'taken', email: null };
    throw err;
  }
}

/**
 * Sets a new password when the current one is right (400 naming body.currentPassword if not);
 * spends every reset and email-change link and ends every other session, keeping `keepToken`'s.
 */
export async function changePassword(
  db: Db,
  userId: number,
  keepToken: string | undefined,
  currentPassword: string,
  password: string,
): Promise<Account> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!(await verifyPassword(row?.passwordHash ?? null, currentPassword))) {
    throw fieldError(400, 'body.currentPassword', WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await spendResetTokens(tx, userId);
    // An email change asked for with a stolen session must not outlive the new password.
    await spendEmailChangeTokens(tx, userId);
    await deleteOtherSessions(tx, userId, keepToken);
  });
  return loadAccount(db, userId);
}
