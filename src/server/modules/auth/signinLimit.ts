// Sign-in's limits (docs/decisions/03-accounts.md, "Sign-in lockouts"). Wrong passwords lock out
// the client that sent them, never the account: a per-account lock lets anyone keep anyone out. A
// guesser spread over many addresses is bounded per account by time instead: the account's failures
// make every attempt on it wait before its password is checked, right or wrong alike (so the wait
// tells nothing), and the owner, who is never refused for it, waits at most 10 s.
import type { Db } from '../../db/client';
import {
  clientAddress,
  countAttempt,
  refundAttempt,
  tally,
  type RateLimitSettings,
} from './rateLimit';

/**
 * How an attempt waits: an object, so that a test can see each wait (vi.spyOn) instead of timing
 * a sign-in, which a slow machine slows too. The global setTimeout, not node:timers/promises',
 * so that a test's fake timers (vi.useFakeTimers) move it without waiting.
 */
export const accountWaits = {
  wait: (seconds: number): Promise<void> =>
    new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
};

/** The longest wait an account's failures put on an attempt to sign in to it. */
export const MAX_ACCOUNT_WAIT_SECONDS = 10;

/**
 * The wait before an attempt on an account that has had `failures` in the window: none for the
 * first `max` (a person mistyping), then a second for each further `max`, up to the cap.
 */
export function accountWaitSeconds(failures: number, max: number): number {
  return Math.min(MAX_ACCOUNT_WAIT_SECONDS, Math.floor(failures / max));
}

export interface SigninAttempt {
  /** The password was right: the attempt is taken back from both counters. */
  succeeded(): Promise<void>;
}

/**
 * Lets a sign-in attempt from `ip` for `username` go on to its password check: 429 if the address
 * is over its limit; otherwise counted against the account and made to wait as the account's
 * failures say.
 */
export async function admitSignin(
  db: Db,
  ip: string,
  username: string,
  limit: RateLimitSettings,
): Promise<SigninAttempt> {
  const addressKey = `signin:ip:${clientAddress(ip)}`;
  const accountKey = `signin:email:${username.trim().toLowerCase()}`;
  // The address first: an attempt it refuses checks no password, so it is no failure of the
  // account's.
  await countAttempt(db, [addressKey], limit);
  const { count } = await tally(db, accountKey, limit.windowSeconds);
  const wait = accountWaitSeconds(count - 1, limit.max);
  if (wait > 0) await accountWaits.wait(wait);
  return { succeeded: () => refundAttempt(db, [addressKey, accountKey]) };
}
