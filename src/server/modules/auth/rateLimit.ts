// Attempt counters for sign-in, sign-up and reset, kept in the database so that every app server
// counts the same attempts. A key's window starts at its first attempt and resets after it.
import { isIPv6 } from 'node:net';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unmapped } from '../../addresses';
import { rateLimits } from '../../db/schema';
import { HttpError } from '../../core/httpError';

export interface RateLimitSettings {
  max: number;
  windowSeconds: number;
}

/**
 * The client a per-address limit counts. An IPv6 client is its /64: that is the block one
 * subscriber is given, and a single machine may send from any of its 2^64 addresses.
 */
export function clientAddress(ip: string): string {
  const plain = unmapped(ip);
  if (!isIPv6(plain)) return plain;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - front.length - back.length).fill('0');
  const groups = [...front, ...zeros, ...back].slice(0, 4);
  return `${groups.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** The upsert that counts one attempt under `key`, its window ending at `resetAt` if new. */
function tallyUpsert(db: Db, key: string | SQL, resetAt: SQL) {
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

/** Counts one attempt under `key`; its count in the window (this one included) and the reset. */
export async function tally(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(Date.now() + windowSeconds * 1000);
  const [row] = await tallyUpsert(db, key, sql`${resetAt.toISOString()}::timestamptz`);
  return row!;
}

/** 429 when a key's count in its window (`tally`'s answer) is past the limit. */
export function refuseOverLimit(
  row: { count: number; resetAt: Date },
  limit: RateLimitSettings,
): void {
  if (row.count <= limit.max) return;
  const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Counts one attempt under each key; throws 429 if any of them is over the limit. */
export async function countAttempt(
  db: Db,
  keys: string[],
  limit: RateLimitSettings,
): Promise<void> {
  for (const key of keys) refuseOverLimit(await tally(db, key, limit.windowSeconds), limit);
}

/**
 * `tally` of one attempt as a CTE named `attempt` (its placeholders `attemptKey` and
 * `attemptResetAt`, the window's end should it start now), for a hot call that counts its
 * attempt in the statement of its first read instead of a round trip of its own (an RSVP:
 * docs/performance.md). The caller hands the row it reads to `refuseOverLimit`.
 */
export function attemptCte(db: Db) {
  return db
    .$with('attempt')
    .as(
      tallyUpsert(
        db,
        sql`${sql.placeholder('attemptKey')}`,
        sql`${sql.placeholder('attemptResetAt')}::timestamptz`,
      ),
    );
}

/** The placeholders' values of `attemptCte` for one attempt under `key`. */
export function attemptValues(key: string, limit: RateLimitSettings) {
  const attemptResetAt = new Date(Date.now() + limit.windowSeconds * 1000).toISOString();
  return { attemptKey: key, attemptResetAt };
}

/**
 * Takes one of `limit.max` turns under `key` in its window: whether one was left. Unlike
 * `tally`, a counter at its limit stays there, so refused tries do not count: for something
 * refused without a word (a mail not sent) that may be tried again. The window is read on the
 * caller's clock, `now` (tests set it), as its end was written.
 */
export async function takeTurn(
  db: Db,
  key: string,
  limit: RateLimitSettings,
  now = new Date(),
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000);
  const taken = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= ${at} or ${rateLimits.count} < ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  return taken.length > 0;
}

/**
 * How long, in whole seconds on the caller's clock `now`, until `key`'s window ends: what a
 * caller `takeTurn` refused waits before its next turn (a Retry-After). At least 1.
 */
export async function secondsUntilNextTurn(db: Db, key: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  const left = (row?.resetAt.getTime() ?? now.getTime()) - now.getTime();
  return Math.max(1, Math.ceil(left / 1000));
}

/**
 * Takes back one attempt under each key: a sign-in that succeeded is not an attempt to guess,
 * so people signing in and out from one shared address (a meetup's wifi) never lock it.
 */
export async function refundAttempt(db: Db, keys: string[], now = new Date()): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, now)));
}

export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= now()`);
}
