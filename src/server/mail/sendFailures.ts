// What becomes of a delivery the SMTP server did not take: refused for good (5xx), or tried so
// often that it is given up, it is failed; anything else (4xx, a lost connection) goes back to
// pending, to be tried again after 1, 2, 4, 8... minutes, at most an hour. A refusal of the
// recipient or the message for good is also a bounce: the address gets no more mail
// (./bounces.ts).
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { bounceReason, markBounced } from './bounces';
import { markDone, retryLater, type ClaimedDelivery } from './deliveries';

export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 60 * 60_000;

/** SMTP 5xx: the server refused this message for good; anything else may pass later. */
export function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** An error as the ledger keeps it (its `error` column) and the log shows it. */
export const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 500);

export async function recordFailure(
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
  delivery: ClaimedDelivery,
  err: unknown,
  maxAttempts: number,
  /** The moment a retry's wait counts from (the worker's clock). */
  now?: SQL,
): Promise<void> {
  const reason = reasonOf(err);
  const bounce = bounceReason(err);
  // Before the delivery is done with: should the worker die in between, the row is claimed
  // again and skipped (its contact no longer active), rather than the bounce forgotten.
  if (bounce) {
    const contacts = await markBounced(db, delivery.email, bounce);
    log.warn({ deliveryId: delivery.id, contacts, err: bounce }, 'address bounced');
  }
  if (isPermanent(err) || delivery.attempts >= maxAttempts) {
    log.warn({ deliveryId: delivery.id, err: reason }, 'chapter email not delivered');
    await markDone(db, delivery.id, 'failed', reason);
  } else {
    const delay = Math.min(RETRY_BASE_MS * 2 ** (delivery.attempts - 1), RETRY_MAX_MS);
    await retryLater(db, delivery.id, reason, delay, now);
  }
}
