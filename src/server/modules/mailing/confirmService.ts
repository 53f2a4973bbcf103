// Confirmed sign-ups to the built-in lists (double opt-in). A visitor's sign-up leaves the
// member 'unconfirmed' (builtinContacts.ts) and mails a link here; opening it makes the member
// active, the only status that gets chapter email. The link's token is random, kept hashed,
// and works for LIMITS.confirmLinkDays. Brevo runs its own double opt-in: none of this is used
// for its lists.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailingListConfirmations, mailingListContacts, mailingLists } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import type { ConfirmAnswer } from '../../../common/schemas/mailing';
import type { Mailer } from '../../mail/mailer';
import { bounceReason, markBounced } from '../../mail/bounces';
import { queryRows } from '../../core/database';
import { liftUnsubscribes } from '../../mail/lists/suppressions';
import { HttpError } from '../../core/httpError';
import { hashToken, newToken, refundAttempt, takeTurn } from '../auth';
import { displayTitle } from '../../core/summaries';
import { chaptersOfList } from './listAccess';
import { chapterUrl, letterMail } from '../../mail/layout';
import { nextMeetingOf } from '../../core/nextMeeting';
import { meetingAnswer, sendWelcome } from './welcome';

const DAY_MS = 24 * 60 * 60 * 1000;
// newToken(): 32 random bytes, base64url.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const CONFIRM_PATH = '/confirm-subscription/';

export interface Confirmer {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The list's name as its members know it: its chapter's, else its own. */
async function listInfo(db: Db, listId: number, ownName: string) {
  const [chapter] = await chaptersOfList(db, String(listId));
  return {
    listName: chapter ? displayTitle(chapter) : ownName,
    chapter: chapter ? { id: chapter.id, state: chapter.state, slug: chapter.slug } : null,
  };
}

/** Confirmation mails to one address, over every list and every app server (rate_limits). */
const PER_ADDRESS = { max: LIMITS.confirmMailsPerAddressPerDay, windowSeconds: DAY_MS / 1000 };
const perAddressKey = (email: string) => `confirmMail:to:${email.trim().toLowerCase()}`;

/**
 * Mails a confirmation link to the list's unconfirmed member `email`, unless one went to them
 * within LIMITS.confirmResendMinutes (a visitor pressing Sign Up twice, or someone filling a
 * stranger's inbox), or the address had LIMITS.confirmMailsPerAddressPerDay of them in the last
 * day from any list ('limited': its last link stays good, and the sender is told nothing). A new
 * link replaces the last one. Throws when the mail could not be sent, leaving no link behind,
 * so that signing up again tries again; a permanent refusal of the address marks it bounced.
 * `now` is the clock of the per-address limit (tests set it).
 */
export async function sendConfirmation(
  { db, mailer, publicUrl }: Confirmer,
  listId: string,
  email: string,
  now = new Date(),
): Promise<'sent' | 'recent' | 'limited'> {
  const [contact] = await db
    .select({
      id: mailingListContacts.id,
      email: mailingListContacts.email,
      name: mailingLists.name,
    })
    .from(mailingListContacts)
    .innerJoin(mailingLists, eq(mailingLists.id, mailingListContacts.listId))
    .where(
      and(
        eq(mailingListContacts.listId, Number(listId)),
        eq(sql`lower(${mailingListContacts.email})`, email.trim().toLowerCase()),
        eq(mailingListContacts.status, 'unconfirmed'),
      ),
    )
    .limit(1);
  if (!contact) return 'recent';
  // A turn is taken before the link is made, so that a refused mail replaces no link; one not
  // used after all (a link sent minutes ago, a mail that failed) is given back.
  const turn = perAddressKey(contact.email);
  if (!(await takeTurn(db, turn, PER_ADDRESS, now))) return 'limited';
  const giveBack = () => refundAttempt(db, [turn], now);

  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + LIMITS.confirmLinkDays * DAY_MS);
  const issued = await queryRows<{ contactId: number }>(
    db,
    sql`insert into mailing_list_confirmations (contact_id, token_hash, sent_at, expires_at)
        values (${contact.id}, ${tokenHash}, now(), ${expiresAt.toISOString()})
        on conflict (contact_id) do update
          set token_hash = excluded.token_hash, sent_at = excluded.sent_at,
              expires_at = excluded.expires_at, confirmed_at = null
          where mailing_list_confirmations.sent_at
                < now() - ${LIMITS.confirmResendMinutes}::int * interval '1 minute'
        returning contact_id as "contactId"`,
  );
  if (issued.length === 0) {
    await giveBack();
    return 'recent';
  }
  // Each link issued clears some long-expired ones: the table holds a few weeks of sign-ups,
  // not every sign-up ever made.
  await pruneConfirmations(db);

  const { listName, chapter } = await listInfo(db, Number(listId), contact.name);
  const link = `${publicUrl}${CONFIRM_PATH}${token}`;
  try {
    // Straight to SMTP, not the queue (docs/decisions/26-transactional-mail.md): the visitor is
    // on the form, and an address the mail server refuses for good is marked bounced and told
    // now; a server that is down answers an error, the turn is given back and they send again.
    await mailer.sendNow(
      letterMail(contact.email, {
        publicUrl,
        subject: `Confirm your subscription to ${listName}`,
        chapter: chapter ? { name: listName, url: chapterUrl(publicUrl, chapter) } : null,
        blocks: [
          {
            p: `Someone (we hope you) asked to get email from ${listName} at ${contact.email}. To confirm, open this page within ${LIMITS.confirmLinkDays} days:`,
          },
          { button: 'Confirm my subscription', url: link, showUrl: true },
          {
            p: 'If it was not you, ignore this email: you will get nothing more from us.',
            small: true,
          },
        ],
        reason: `You get this email because ${contact.email} was signed up to the ${listName} mailing list.`,
      }),
    );
  } catch (err) {
    await db
      .delete(mailingListConfirmations)
      .where(eq(mailingListConfirmations.tokenHash, tokenHash));
    const bounce = bounceReason(err);
    if (bounce) await markBounced(db, contact.email, bounce);
    await giveBack();
    throw err;
  }
  return 'sent';
}

/** At most this many links are deleted by one prune: a sign-up never waits on a backlog. */
export const PRUNE_BATCH = 200;

/**
 * Deletes confirmation links that expired more than LIMITS.confirmKeepExpiredDays ago (used or
 * not), oldest first, at most PRUNE_BATCH of them (mailing_list_confirmations_expires_idx).
 * The member they were for is kept as it is. Answers how many went.
 */
export async function pruneConfirmations(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LIMITS.confirmKeepExpiredDays * DAY_MS);
  const gone = await queryRows<{ contactId: number }>(
    db,
    sql`delete from mailing_list_confirmations
        where contact_id in (
          select contact_id from mailing_list_confirmations
          where expires_at < ${before.toISOString()}
          order by expires_at limit ${PRUNE_BATCH})
        returning contact_id as "contactId"`,
  );
  return gone.length;
}

const notFound = () => new HttpError(404, 'This confirmation link is not valid.');

/**
 * POST /api/mailing_list/confirm/{token}. Confirms once; the same link opened again (by the
 * person, or a mail scanner before them) says it is confirmed already. A member who meanwhile
 * unsubscribed, bounced or was removed or blocked is not brought back by an old link.
 */
export async function confirmSubscription(
  confirmer: Confirmer,
  token: string,
  now = new Date(),
): Promise<ConfirmAnswer> {
  const { db } = confirmer;
  if (!TOKEN.test(token)) throw notFound();
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      contactId: mailingListConfirmations.contactId,
      expiresAt: mailingListConfirmations.expiresAt,
      confirmedAt: mailingListConfirmations.confirmedAt,
      status: mailingListContacts.status,
      email: mailingListContacts.email,
      listId: mailingListContacts.listId,
      listName: mailingLists.name,
      unsubscribeToken: mailingListContacts.unsubscribeToken,
    })
    .from(mailingListConfirmations)
    .innerJoin(mailingListContacts, eq(mailingListContacts.id, mailingListConfirmations.contactId))
    .innerJoin(mailingLists, eq(mailingLists.id, mailingListContacts.listId))
    .where(eq(mailingListConfirmations.tokenHash, tokenHash))
    .limit(1);
  if (!row) throw notFound();
  const info = await listInfo(db, row.listId, row.listName);
  const meeting = info.chapter ? await nextMeetingOf(db, info.chapter, now) : null;
  const about = { email: row.email, ...info, nextMeeting: meeting && meetingAnswer(meeting) };
  if (row.status === 'active') return { result: 'alreadyConfirmed', ...about };
  if (row.status !== 'unconfirmed') throw notFound();
  if (row.expiresAt.getTime() <= Date.now()) return { result: 'expired', ...about };

  const confirmed = await queryRows<{ id: number }>(
    db,
    sql`with used as (
          update mailing_list_confirmations set confirmed_at = now()
          where token_hash = ${tokenHash} and expires_at > now()
          returning contact_id
        )
        update mailing_list_contacts set status = 'active'
        where id in (select contact_id from used) and status = 'unconfirmed'
        returning id`,
  );
  // The owner opened their link: an unsubscribe of theirs from this list is over.
  if (confirmed.length > 0) {
    await liftUnsubscribes(db, row.listId, [row.email.toLowerCase()]);
    if (info.chapter) {
      await sendWelcome(confirmer, {
        email: row.email,
        unsubscribeToken: row.unsubscribeToken,
        listName: info.listName,
        chapter: info.chapter,
        meeting,
      });
    }
  }
  return { result: confirmed.length > 0 ? 'confirmed' : 'alreadyConfirmed', ...about };
}
