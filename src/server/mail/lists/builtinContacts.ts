// Contacts of the built-in provider's lists. Addresses compare without regard to case (the
// unique index is on (list_id, lower(email))); the address is kept as first given.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingDeliveries, mailingListContacts, mailingMessages } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import { STORED_STATUS } from '../../../common/memberFilters';
import {
  mailingEmailSchema,
  type ChapterContact,
  type ContactDetails,
} from '../../../common/schemas/mailing';
import { existingListId } from './builtinLists';
import type { AddContactResult, AddContactsOptions } from './provider';
import {
  deleteKeepingOptOuts,
  heldUnsubscribes,
  holdUnsubscribes,
  keptSiteWideMarks,
  liftUnsubscribes,
  type SiteWideMark,
} from './suppressions';

const DAY_MS = 24 * 60 * 60 * 1000;
const lowerEmail = sql`lower(${mailingListContacts.email})`;

// Someone who unsubscribed (or whom a host removed) and signs up again is asking to get mail
// again: they become active (or, signing up on the public form, unconfirmed until they open the
// link). A blocked or bounced address stays as it is; lifting a block is an admin's decision,
// and a bounced mailbox does not start working by signing up.
const REACTIVATED_STATUSES = [STORED_STATUS.unsubscribed, 'deleted'];

// Statuses of an address rather than of one list's member: an admin's block (on every list, as
// Brevo's blocklist) and a bounce (the mailbox refused mail). An address with one of them on any
// list joins another list with it, not as an active member.
const SITE_WIDE_STATUSES = [STORED_STATUS.blocked, STORED_STATUS.bounced];

type Outcome = 'new' | 'existing' | 'pending' | 'vouched' | 'unsubscribed' | 'blocked' | 'bounced';

/**
 * What becomes of an address already on the list. `unsubHeld`: the address unsubscribed from
 * the list and its new sign-up is not confirmed yet (suppressions.ts); until its owner opens the
 * link, a host's add is refused as for the unsubscribe itself.
 */
function outcomeFor(
  status: string,
  reactivate: boolean,
  confirmed: boolean,
  unsubHeld = false,
): Outcome {
  if (REACTIVATED_STATUSES.includes(status)) return reactivate ? 'new' : 'unsubscribed';
  // The sign-up form does not reveal a block or a bounce; a host is told.
  if (status === STORED_STATUS.blocked && !reactivate) return 'blocked';
  if (status === STORED_STATUS.bounced && !reactivate) return 'bounced';
  if (status === STORED_STATUS.unconfirmed && unsubHeld && !reactivate) return 'unsubscribed';
  // Signed up before and not confirmed yet: a host's add vouches for it; the form mails again.
  if (status === STORED_STATUS.unconfirmed) return confirmed ? 'vouched' : 'pending';
  return 'existing';
}

export async function addContacts(
  db: Db,
  listId: string,
  emails: readonly string[],
  { reactivate = true, confirmed = true }: AddContactsOptions = {},
): Promise<AddContactResult[]> {
  const trimmed = emails.map((e) => e.trim());
  const id = await existingListId(db, listId);
  if (id === null)
    return trimmed.map((email) => ({ email, added: false, failure: 'unknown_list' }));
  const joinStatus = confirmed ? STORED_STATUS.active : STORED_STATUS.unconfirmed;

  // The first spelling of each address (whatever its case) stands for it.
  const spelling = new Map<string, string>();
  for (const email of trimmed) {
    const key = email.toLowerCase();
    if (!spelling.has(key) && mailingEmailSchema.safeParse(email).success) spelling.set(key, email);
  }
  const outcome = new Map<string, Outcome>();
  if (spelling.size > 0) {
    const keys = [...spelling.keys()];
    const onList = await db
      .select({ key: lowerEmail.mapWith(String), status: mailingListContacts.status })
      .from(mailingListContacts)
      .where(and(eq(mailingListContacts.listId, id), inArray(lowerEmail, keys)));
    const held = await heldUnsubscribes(db, id, keys);
    for (const row of onList) {
      outcome.set(row.key, outcomeFor(row.status, reactivate, confirmed, held.has(row.key)));
    }

    const fresh = keys.filter((key) => !outcome.has(key));
    if (fresh.length > 0) {
      const siteWide = await siteWideStatuses(db, fresh);
      // Deleted after unsubscribing: still gone for a host; the person may sign up again.
      for (const key of fresh) {
        if (!reactivate && !siteWide.has(key) && held.has(key)) outcome.set(key, 'unsubscribed');
      }
      const toInsert = fresh.filter((key) => !outcome.has(key));
      const inserted =
        toInsert.length === 0
          ? []
          : await db
              .insert(mailingListContacts)
              .values(
                toInsert.map((key) => {
                  const site = siteWide.get(key);
                  return {
                    listId: id,
                    email: spelling.get(key)!,
                    status: site?.status ?? joinStatus,
                    unsubscribeToken: randomBytes(16).toString('hex'),
                    // The bounce's answer (or the block's reason) shows in the member's details
                    // here too; lifting a block gives the status the address would have joined
                    // with.
                    ...(site && {
                      blockedDate: site.blockedDate,
                      blockedReason: site.blockedReason,
                      blockedFrom: site.status === STORED_STATUS.blocked ? joinStatus : null,
                    }),
                  };
                }),
              )
              // Someone else's sign-up of the same address in between is a repeat, not an error.
              .onConflictDoNothing()
              .returning({ key: lowerEmail.mapWith(String) });
      for (const key of toInsert) outcome.set(key, 'existing');
      for (const row of inserted) {
        const site = siteWide.get(row.key);
        // Joined blocked or bounced: told as if it had been on the list so (the form reveals
        // nothing; a host reads "bounced"), and no confirmation mail goes to it.
        outcome.set(row.key, site ? outcomeFor(site.status, reactivate, confirmed) : 'new');
      }
    }
    const revived = onList.filter((row) => outcome.get(row.key) === 'new').map((row) => row.key);
    await setStatus(db, id, revived, REACTIVATED_STATUSES, joinStatus);
    const vouched = onList.filter((row) => outcome.get(row.key) === 'vouched').map((r) => r.key);
    await setStatus(db, id, vouched, [STORED_STATUS.unconfirmed], STORED_STATUS.active);
    if (reactivate) {
      // The person asks for mail again. Unconfirmed, the unsubscribe holds until their link is
      // opened (confirmService.ts lifts it); confirmed, it is over.
      const asked = keys.filter((key) => ['new', 'vouched'].includes(outcome.get(key)!));
      if (confirmed) await liftUnsubscribes(db, id, asked);
      else
        await holdUnsubscribes(
          db,
          id,
          revived.map((key) => spelling.get(key)!),
        );
    }
  }

  const seen = new Set<string>();
  return trimmed.map((email): AddContactResult => {
    const key = email.toLowerCase();
    const result = spelling.has(key) ? outcome.get(key) : undefined;
    const repeat = seen.has(key);
    seen.add(key);
    const added = (existing: boolean): AddContactResult => ({
      email,
      added: true,
      ...(existing ? { existing: true } : {}),
      ...(confirmed
        ? {}
        : { awaitingConfirmation: !repeat && (result === 'new' || result === 'pending') }),
    });
    switch (result) {
      case undefined:
        return { email, added: false, failure: 'invalid_email' };
      case 'unsubscribed':
      case 'blocked':
      case 'bounced':
        return { email, added: false, failure: result };
      case 'new':
        return added(repeat);
      case 'pending':
      case 'existing':
      case 'vouched':
        return added(true);
    }
  });
}

/**
 * The addresses (lower case) blocked or bounced on some list, or whose blocked or bounced row
 * was deleted, with the block's or bounce's data.
 */
async function siteWideStatuses(db: Db, keys: string[]): Promise<Map<string, SiteWideMark>> {
  const rows = await db
    .select({
      key: lowerEmail.mapWith(String),
      status: mailingListContacts.status,
      blockedDate: mailingListContacts.blockedDate,
      blockedReason: mailingListContacts.blockedReason,
    })
    .from(mailingListContacts)
    .where(and(inArray(lowerEmail, keys), inArray(mailingListContacts.status, SITE_WIDE_STATUSES)));
  const marks = [...(rows as SiteWideMark[]), ...(await keptSiteWideMarks(db, keys))];
  // A block is an admin's word and outranks a bounce; the latest of each.
  const weight = (m: SiteWideMark) => (m.status === STORED_STATUS.blocked ? 1 : 0);
  marks.sort(
    (a, b) =>
      weight(b) - weight(a) || (b.blockedDate?.getTime() ?? 0) - (a.blockedDate?.getTime() ?? 0),
  );
  const best = new Map<string, SiteWideMark>();
  for (const mark of marks) if (!best.has(mark.key)) best.set(mark.key, mark);
  return best;
}

/** Moves the list's contacts with these addresses from one of `from` to `to`. */
async function setStatus(db: Db, listId: number, keys: string[], from: string[], to: string) {
  if (keys.length === 0) return;
  await db
    .update(mailingListContacts)
    .set({ status: to, deletedAt: null })
    .where(
      and(
        eq(mailingListContacts.listId, listId),
        inArray(lowerEmail, keys),
        inArray(mailingListContacts.status, from),
      ),
    );
}

export async function listContacts(db: Db, listId: string): Promise<ChapterContact[] | null> {
  const id = await existingListId(db, listId);
  if (id === null) return null;
  const rows = await db
    .select({
      id: mailingListContacts.id,
      email: mailingListContacts.email,
      status: mailingListContacts.status,
      createdAt: mailingListContacts.createdAt,
      deletedAt: mailingListContacts.deletedAt,
    })
    .from(mailingListContacts)
    .where(eq(mailingListContacts.listId, id))
    .orderBy(asc(lowerEmail), asc(mailingListContacts.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    status: r.status,
    created: r.createdAt.toISOString(),
    deleted: r.deletedAt?.toISOString() ?? null,
  }));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function contactDetails(
  db: Db,
  listId: string,
  emailOrId: string,
): Promise<ContactDetails | null> {
  const id = await existingListId(db, listId);
  if (id === null) return null;
  const key = emailOrId.trim();
  const which = /^\d{1,9}$/.test(key)
    ? eq(mailingListContacts.id, Number(key))
    : eq(lowerEmail, key.toLowerCase());
  const [contact] = await db
    .select()
    .from(mailingListContacts)
    .where(and(eq(mailingListContacts.listId, id), which))
    .limit(1);
  if (!contact) return null;

  const since = new Date(Date.now() - LIMITS.recentMessagesDays * DAY_MS);
  const recent = await db
    .select({
      sentAt: mailingDeliveries.sentAt,
      subject: mailingMessages.subject,
      messageId: mailingMessages.id,
      openedAt: mailingDeliveries.openedAt,
      clickedAt: mailingDeliveries.clickedAt,
    })
    .from(mailingDeliveries)
    .innerJoin(mailingMessages, eq(mailingMessages.id, mailingDeliveries.messageId))
    .where(and(eq(mailingDeliveries.contactId, contact.id), gte(mailingDeliveries.sentAt, since)))
    .orderBy(desc(mailingDeliveries.sentAt))
    .limit(LIMITS.recentMessagesMax);

  return {
    email: contact.email,
    status: contact.status,
    created: contact.createdAt.toISOString(),
    deleted: iso(contact.deletedAt),
    numSends: contact.numSends,
    numOpens: contact.numOpens,
    numClicks: contact.numClicks,
    blockedDate: iso(contact.blockedDate),
    blockedReason: contact.blockedReason,
    lastActivity: iso(contact.lastActivity),
    recentMessages: recent.map((m) => ({
      sentDate: m.sentAt!.toISOString(),
      subject: m.subject,
      // The built-in provider has no campaign names of its own: a message is its subject.
      campaignName: m.subject,
      campaignId: m.messageId,
      opened: m.openedAt !== null,
      clicked: m.clickedAt !== null,
    })),
  };
}

/**
 * Removes the address from the list. What the row said of the person's wishes or the mailbox
 * (an unsubscribe, a block, a bounce) is kept (suppressions.ts): a delete is no way around them.
 */
export async function removeContact(db: Db, listId: string, email: string): Promise<boolean> {
  const id = await existingListId(db, listId);
  if (id === null) return false;
  return deleteKeepingOptOuts(db, id, email.trim().toLowerCase());
}
