// Attempt counters for sign-in, sign-up and reset, kept in the database so that every app server
// counts the same attempts. A key's window starts at its first attempt and resets after it.
import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

export interface RateLimitSettings {
  max: number;
  windowSeconds: number;
}

/** Counts one attempt under each key; throws 429 if any of them is over the limit. */
export async function countAttempt(
  db: Db,
  keys: string[],
  limit: RateLimitSettings,
): Promise<void> {
  const resetAt = new Date(Date.now() + limit.windowSeconds * 1000);
  for (const key of keys) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (row && row.count > limit.max) {
      const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new HttpError(
        429,
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
  }
}

/**
 * Takes back one attempt under each key: a sign-in that succeeded is not an attempt to guess,
 * so people signing in and out from one shared address (a meetup's wifi) never lock it.
 */
export async function refundAttempt(db: Db, keys: string[]): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.resetAt, sql`now()`)));
}

export async function deleteExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= now()`);
}
