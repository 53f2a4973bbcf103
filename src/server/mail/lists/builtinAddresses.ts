// The built-in lists' contacts as addresses, across every list: an admin's block and its lifting
// (on every list at once, as Brevo's blocklist), and the Brevo tab's look-up and search. An
// address whose rows were all deleted is still known by what was kept of it (suppressions.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingListContacts } from '../../db/schema';
import { STORED_STATUS } from '../../../common/memberFilters';
import { queryRows } from '../../core/database';
import { blockKept, unblockKept } from './suppressions';
import type { ContactSummary } from './provider';

const lowerEmail = sql`lower(${mailingListContacts.email})`;

export async function blockContact(db: Db, email: string, reason?: string): Promise<number> {
  const rows = await db
    .update(mailingListContacts)
    .set({
      status: STORED_STATUS.blocked,
      blockedDate: new Date(),
      blockedReason: reason ?? null,
      // The status the block replaces, kept once: blocking a blocked address again keeps it.
      blockedFrom: sql`case when ${mailingListContacts.status} = ${STORED_STATUS.blocked}
        then ${mailingListContacts.blockedFrom} else ${mailingListContacts.status} end`,
    })
    .where(eq(lowerEmail, email.trim().toLowerCase()))
    .returning({ id: mailingListContacts.id });
  // Deleted from every list it was on, the address is blocked where it is kept.
  const kept = await blockKept(db, email.trim().toLowerCase(), reason ?? null);
  return rows.length + (kept ? 1 : 0);
}

/**
 * Lifts a block: each contact gets back the status the block replaced. A sign-up nobody
 * confirmed is unconfirmed again (a block is no confirmation), one who had left stays gone, a
 * bounced mailbox stays bounced; a member (or a block from before blocked_from) is active. A
 * block kept from deleted rows goes too; what was kept beside it (a bounce, an unsubscribe)
 * stays.
 */
export async function unblockContact(db: Db, email: string): Promise<number> {
  const rows = await db
    .update(mailingListContacts)
    .set({
      status: sql`coalesce(${mailingListContacts.blockedFrom}, ${STORED_STATUS.active})`,
      blockedDate: null,
      blockedReason: null,
      blockedFrom: null,
    })
    .where(
      and(
        eq(lowerEmail, email.trim().toLowerCase()),
        eq(mailingListContacts.status, STORED_STATUS.blocked),
      ),
    )
    .returning({ id: mailingListContacts.id });
  return rows.length + (await unblockKept(db, email.trim().toLowerCase()));
}

/**
 * Contacts by address across every list: blocked anywhere, and the lists they are on. A
 * contact is on a list unless it unsubscribed or was deleted; a blocked one still is, as on
 * Brevo, where the blocklist is a flag of the contact. An address known only by what its
 * deleted rows left (suppressions.ts) is found too, on no list, blocked if it was.
 */
export async function contactSummaries(
  db: Db,
  where: { email: string } | { contains: string },
  limit: number,
): Promise<ContactSummary[]> {
  const match =
    'email' in where
      ? sql`lower(email) = ${where.email.trim().toLowerCase()}`
      : sql`strpos(lower(email), ${where.contains.trim().toLowerCase()}) > 0`;
  const rows = await queryRows<{ email: string; blocked: boolean; listIds: number[] | null }>(
    db,
    sql`select min(email) as email, bool_or(status = ${STORED_STATUS.blocked}) as blocked,
               coalesce(array_agg(list_id order by list_id)
                 filter (where list_id is not null
                           and status not in (${STORED_STATUS.unsubscribed}, 'deleted')), '{}')
                 as "listIds"
        from (select email, list_id, status from mailing_list_contacts where ${match}
              union all
              select email, null, kind from mailing_suppressions where ${match}) known
        group by lower(email)
        order by lower(email)
        limit ${limit}`,
  );
  return rows.map((r) => ({
    email: r.email,
    emailBlacklisted: Boolean(r.blocked),
    listIds: (r.listIds ?? []).map(Number),
  }));
}
