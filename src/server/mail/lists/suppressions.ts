// The opt-outs a member row no longer says (db/schema/mailingSuppressions.ts, issue 31): what a
// delete keeps of an unsubscribe, a block or a bounce, and an unsubscribe that a public sign-up
// has not yet confirmed. Who lifts each: an admin's unblock lifts a block (everywhere), a host's
// Re-activate a bounce on their list, and only the owner's confirmation link an unsubscribe.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { STORED_STATUS } from '../../../common/memberFilters';
import { queryRows, textArray } from '../../core/database';

// Stored words of a contact that mean each kind (older data's spellings included).
const UNSUB_WORDS = [STORED_STATUS.unsubscribed, 'unsubscribed', 'deleted'];
const BOUNCE_WORDS = [STORED_STATUS.bounced, 'bounced'];

export interface SiteWideMark {
  key: string;
  status: typeof STORED_STATUS.blocked | typeof STORED_STATUS.bounced;
  blockedDate: Date | null;
  blockedReason: string | null;
}

/**
 * Deletes the list's contact of `key` (lower case) and, in the same statement, keeps what it
 * said of the person's wishes or the mailbox: an unsubscribe (this list's), a block (an admin's,
 * and under it whatever it replaced) or a bounce. Answers whether there was a contact.
 */
export async function deleteKeepingOptOuts(db: Db, listId: number, key: string) {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with gone as (
          delete from mailing_list_contacts where list_id = ${listId} and lower(email) = ${key}
          returning email, list_id, status, blocked_from, blocked_date, blocked_reason
        ),
        kept as (
          insert into mailing_suppressions (email, kind, list_id, reason, since)
          select g.email, k.kind, k.list_id, k.reason, coalesce(k.since, now())
          from gone g cross join lateral (values
            (case when g.status = ${STORED_STATUS.blocked} then 'blocked' end,
             null::int, g.blocked_reason, g.blocked_date),
            (case when g.status = any(${textArray(BOUNCE_WORDS)}::text[])
                    or (g.status = ${STORED_STATUS.blocked}
                        and g.blocked_from = any(${textArray(BOUNCE_WORDS)}::text[]))
                  then 'bounce' end,
             g.list_id,
             case when g.status <> ${STORED_STATUS.blocked} then g.blocked_reason end,
             case when g.status <> ${STORED_STATUS.blocked} then g.blocked_date end),
            (case when g.status = any(${textArray(UNSUB_WORDS)}::text[])
                    or (g.status = ${STORED_STATUS.blocked}
                        and g.blocked_from = any(${textArray(UNSUB_WORDS)}::text[]))
                  then 'unsub' end,
             g.list_id, null::text, null::timestamptz)
          ) as k(kind, list_id, reason, since)
          where k.kind is not null
          on conflict (lower(email), coalesce(list_id, 0), kind) do nothing
          returning id
        )
        select (select count(*) from gone)::int as deleted, (select count(*) from kept)::int as kept`,
  );
  return (row?.deleted ?? 0) > 0;
}

/** Addresses (lower case) blocked or bounced whose rows were deleted, with when and why. */
export async function keptSiteWideMarks(db: Db, keys: readonly string[]): Promise<SiteWideMark[]> {
  if (keys.length === 0) return [];
  // The time as text: node-postgres under Drizzle answers a raw timestamp as a string, PGlite
  // as a Date.
  const rows = await queryRows<Omit<SiteWideMark, 'blockedDate'> & { since: string }>(
    db,
    sql`select lower(email) as key, kind as status, to_json(since)#>>'{}' as since,
               reason as "blockedReason"
        from mailing_suppressions
        where lower(email) = any(${textArray(keys)}::text[]) and kind in ('blocked', 'bounce')`,
  );
  return rows.map(({ since, ...mark }) => ({ ...mark, blockedDate: new Date(since) }));
}

/** The addresses (lower case) among `keys` whose unsubscribe from the list still holds. */
export async function heldUnsubscribes(
  db: Db,
  listId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select lower(email) as key from mailing_suppressions
        where list_id = ${listId} and kind = 'unsub' and lower(email) = any(${textArray(keys)}::text[])`,
  );
  return new Set(rows.map((r) => r.key));
}

/**
 * Keeps the unsubscribe of these addresses from the list while a public sign-up waits for its
 * owner's link: the row says 'unconfirmed' then, and a host must not make it active.
 */
export async function holdUnsubscribes(db: Db, listId: number, emails: readonly string[]) {
  if (emails.length === 0) return;
  await db.execute(
    sql`insert into mailing_suppressions (email, kind, list_id)
        select e, 'unsub', ${listId} from unnest(${textArray(emails)}::text[]) as e
        on conflict (lower(email), coalesce(list_id, 0), kind) do nothing`,
  );
}

/** The owner confirmed a sign-up to the list (or a caller acting for them): the unsubscribe is over. */
export async function liftUnsubscribes(db: Db, listId: number, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db.execute(
    sql`delete from mailing_suppressions
        where list_id = ${listId} and kind = 'unsub' and lower(email) = any(${textArray(keys)}::text[])`,
  );
}

/** A host re-activated the address on their list: a bounce kept from that list goes too. */
export async function liftKeptBounce(db: Db, listId: number, key: string) {
  await db.execute(
    sql`delete from mailing_suppressions
        where list_id = ${listId} and kind = 'bounce' and lower(email) = ${key}`,
  );
}

/**
 * An admin's block of an address the site keeps only here (every row of it deleted): kept as a
 * block too. Answers whether the address was known here.
 */
export async function blockKept(db: Db, key: string, reason: string | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into mailing_suppressions (email, kind, list_id, reason)
        select min(email), 'blocked', null, ${reason} from mailing_suppressions
        where lower(email) = ${key} having count(*) > 0
        on conflict (lower(email), coalesce(list_id, 0), kind)
          do update set reason = excluded.reason, since = now()
        returning id`,
  );
  return rows.length > 0;
}

/** An admin's unblock: the kept blocks of the address go. Answers how many. */
export async function unblockKept(db: Db, key: string): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from mailing_suppressions where lower(email) = ${key} and kind = 'blocked'
        returning id`,
  );
  return rows.length;
}
