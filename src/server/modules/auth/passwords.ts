// Passwords: argon2id with the library's defaults (OWASP's recommended parameters).
import { hash, verify } from '@node-rs/argon2';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export const hashPassword = (password: string) => hash(password);

/**
 * Marks a stored hash whose password must be changed at the next sign-in (one printed by
 * `admin:create`, docs/decisions/03-accounts.md). The mark lives with the password it is about:
 * every way of setting a new one (Your Settings, a reset link) stores a plain hash, so the
 * rule ends exactly when that password does, and no path can forget to lift it. No letter of it
 * is a LIKE wildcard.
 */
const CHANGE_MARK = 'must-change:';

/** The hash of a password its user must replace at first sign-in. */
export const hashPasswordToChange = async (password: string) =>
  `${CHANGE_MARK}${await hash(password)}`;

/** True in SQL when the user's password must be changed before anything else. */
export const passwordChangeRequired = (passwordHash: PgColumn): SQL<boolean> =>
  sql<boolean>`coalesce(${passwordHash} like ${sql.raw(`'${CHANGE_MARK}%'`)}, false)`;

// Verifying against this for an unknown email makes "no such user" take as long as "wrong
// password", so timing does not tell which emails have accounts.
const dummyHash = hash('not a real password: only for equal timing');

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  const stored = passwordHash.startsWith(CHANGE_MARK)
    ? passwordHash.slice(CHANGE_MARK.length)
    : passwordHash;
  return verify(stored, password).catch(() => false);
}
