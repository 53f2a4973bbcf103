// The send ledger's multi-row statements lock their rows in id order, so that two of them over
// the same rows (the heartbeat's renewal and the sent marks, a host's Stop) queue behind each
// other instead of deadlocking (./deliveries.ts). Seen on PostgreSQL only, where other
// connections can hold rows: a row of the claim is held, the statement is left waiting for it,
// and the test looks at which of the claim's other rows it has locked meanwhile. Holding the
// lowest id, it must have locked none: in id order, every other row comes after the one it waits
// for. (A deadlock itself cannot be brought about at will: it needs two statements whose plans
// visit the same rows in opposite orders.) The rows are written highest id first, so that a
// statement that locked rows in the order they lie in the table would lock the others first, and
// the claims are handed over highest id first too (a worker's list is in no particular order).
// On PGlite (one connection) the same statements are run for what they change.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import {
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
} from '../db/schema';
import { createTestDatabase } from '../test/database';
import { queryRows } from '../core/database';
import { cancelDeliveries, markSent, releaseClaims, renewClaims } from './deliveries';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CLAIM = 4;
let database: Database;
let listId: number;
let contactIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  const [list] = await database.db.insert(mailingLists).values({ name: 'Lock order' }).returning();
  listId = list!.id;
  const contacts = await database.db
    .insert(mailingListContacts)
    .values(
      Array.from({ length: CLAIM }, (_, i) => ({
        listId,
        email: `member${i}@example.org`,
        status: 'active',
        unsubscribeToken: `token-${i}`,
      })),
    )
    .returning({ id: mailingListContacts.id });
  contactIds = contacts.map((c) => c.id);
});

afterAll(() => database?.close());

/**
 * A message whose deliveries are all claimed ('sending', attempts 1), written highest id first;
 * `rows` are its claims, highest id first.
 */
async function claimedMessage(): Promise<{
  messageId: number;
  rows: { id: number; attempts: number }[];
}> {
  const { db } = database;
  const [message] = await db
    .insert(mailingMessages)
    .values({ listId, subject: 'Hello', body: 'Hi' })
    .returning();
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select nextval('mailing_deliveries_id_seq')::int as id from generate_series(1, ${CLAIM})`,
  );
  const sorted = ids.map((r) => r.id).sort((a, b) => a - b);
  for (let i = CLAIM - 1; i >= 0; i -= 1) {
    await db.insert(mailingDeliveries).values({
      id: sorted[i]!,
      messageId: message!.id,
      contactId: contactIds[i]!,
      status: 'sending',
      attempts: 1,
      leaseUntil: new Date(Date.now() + 60_000),
    });
  }
  return { messageId: message!.id, rows: sorted.reverse().map((id) => ({ id, attempts: 1 })) };
}

/**
 * Runs `statement` while another transaction holds the claim's lowest row, and answers which of
 * the claim's other rows the statement had locked while it waited for that one.
 */
async function lockedWhileWaiting(
  rows: { id: number }[],
  statement: () => Promise<unknown>,
): Promise<number[]> {
  const { db } = database;
  const [lowest, ...others] = rows.map((r) => r.id).sort((a, b) => a - b);
  let running: Promise<unknown> | undefined;
  const heldByIt = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from mailing_deliveries where id = ${lowest} for update`);
    running = statement();
    await waitForLockWait();
    const free = await queryRows<{ id: number }>(
      db,
      sql`select id from mailing_deliveries where id = any(${`{${others.join(',')}}`}::int[])
          for update skip locked`,
    );
    const freeIds = new Set(free.map((r) => Number(r.id)));
    return others.filter((id) => !freeIds.has(id));
  });
  await running;
  return heldByIt;
}

/** Until a connection of this database waits for a row lock (the statement under test). */
async function waitForLockWait(): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    const [waiting] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (waiting && waiting.n > 0) return;
    if (Date.now() > until) throw new Error('the statement never waited for the held row');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const statusesOf = async (messageId: number) =>
  (
    await database.db
      .select({ status: mailingDeliveries.status })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.messageId, messageId))
  ).map((r) => r.status);

describe.runIf(onPostgres)('while waiting for a held row, a statement holds no higher one', () => {
  it('renewing the claims (the heartbeat)', async () => {
    const { rows } = await claimedMessage();
    expect(await lockedWhileWaiting(rows, () => renewClaims(database.db, rows, 30_000))).toEqual(
      [],
    );
  });

  it('marking them sent', async () => {
    const { rows, messageId } = await claimedMessage();
    const ids = rows.map((r) => r.id);
    expect(await lockedWhileWaiting(rows, () => markSent(database.db, ids))).toEqual([]);
    expect(await statusesOf(messageId)).toEqual(Array(CLAIM).fill('sent'));
  });

  it('handing them back', async () => {
    const { rows, messageId } = await claimedMessage();
    expect(await lockedWhileWaiting(rows, () => releaseClaims(database.db, rows))).toEqual([]);
    expect(await statusesOf(messageId)).toEqual(Array(CLAIM).fill('pending'));
  });

  it("the host's Stop", async () => {
    const { rows, messageId } = await claimedMessage();
    expect(await lockedWhileWaiting(rows, () => cancelDeliveries(database.db, messageId))).toEqual(
      [],
    );
    expect(await statusesOf(messageId)).toEqual(Array(CLAIM).fill('cancelled'));
  });
});

describe('the locking statements still change what they did', () => {
  it('renewal answers only rows still under this claim', async () => {
    const { rows } = await claimedMessage();
    const [taken, ...mine] = [...rows].reverse();
    await database.db
      .update(mailingDeliveries)
      .set({ attempts: 2 })
      .where(eq(mailingDeliveries.id, taken!.id));
    const renewed = await renewClaims(database.db, rows, 30_000);
    expect([...renewed].sort((a, b) => a - b)).toEqual(mine.map((r) => r.id));
  });

  it('a sent mark counts each contact once, and hand-backs and Stop move the rest', async () => {
    const { rows, messageId } = await claimedMessage();
    const [sent, handedBack, ...rest] = [...rows].reverse();
    const before = await database.db
      .select({ numSends: mailingListContacts.numSends })
      .from(mailingListContacts)
      .where(eq(mailingListContacts.id, contactIds[0]!));
    await markSent(database.db, [sent!.id]);
    await markSent(database.db, [sent!.id]);
    await releaseClaims(database.db, [handedBack!]);
    await cancelDeliveries(database.db, messageId);
    const after = await database.db
      .select({ numSends: mailingListContacts.numSends })
      .from(mailingListContacts)
      .where(eq(mailingListContacts.id, contactIds[0]!));
    expect(after[0]!.numSends).toBe(before[0]!.numSends + 1);
    const byId = new Map(
      (
        await database.db
          .select({ id: mailingDeliveries.id, status: mailingDeliveries.status })
          .from(mailingDeliveries)
          .where(eq(mailingDeliveries.messageId, messageId))
      ).map((r) => [r.id, r.status]),
    );
    expect(byId.get(sent!.id)).toBe('sent');
    expect(byId.get(handedBack!.id)).toBe('cancelled');
    for (const row of rest) expect(byId.get(row.id)).toBe('cancelled');
  });
});
