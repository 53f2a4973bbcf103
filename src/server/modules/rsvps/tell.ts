// Mailing the people of an RSVP: each mail carries a new link to the RSVP's page (its token
// random, kept only as a hash, good for that RSVP alone). A confirmation goes to an address at
// most once in LIMITS.rsvpConfirmMinutes, whichever date or sender asks: the form answers the
// same either way, so nobody can fill a stranger's inbox through it. The other mails follow
// something the person did themselves (or a place opening up), and a failure to send them
// undoes nothing: it is logged.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rsvpTokens } from '../../db/schema';
import type { ChapterEventRow, ChapterRow, RsvpRow } from '../../db/schema';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import type { ScheduledDate } from '../../../common/eventSchedule';
import { hashToken, newToken, refundAttempt, takeTurn } from '../auth';
import {
  confirmationMail,
  goingMail,
  movedUpMail,
  RSVP_PATH,
  waitlistMail,
  type MailAbout,
} from './mails';
import { waitlistPosition } from './place';

/** One confirmation mail per address in this many minutes (issue 33). */
export const CONFIRM_MAIL_MINUTES = 10;

export interface Teller {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface Occasion {
  event: ChapterEventRow;
  chapter: ChapterRow;
  scheduled: ScheduledDate;
}

type Person = Pick<RsvpRow, 'id' | 'name' | 'email' | 'guests'>;

/** A link not yet written: its token goes in the mail, its hash in rsvp_tokens. */
export interface NewLink {
  link: string;
  tokenHash: string;
}

export function makeLink(publicUrl: string): NewLink {
  const token = newToken();
  return { link: `${publicUrl}${RSVP_PATH}${token}`, tokenHash: hashToken(token) };
}

async function newLink({ db, publicUrl }: Teller, rsvpId: number): Promise<NewLink> {
  const made = makeLink(publicUrl);
  await db.insert(rsvpTokens).values({ tokenHash: made.tokenHash, rsvpId });
  return made;
}

function about(occasion: Occasion, rsvp: Person, link: string, publicUrl: string): MailAbout {
  return { ...occasion, rsvp, link, publicUrl };
}

/** Mails the link that confirms `rsvp` (its pending change, if any), within the limit. */
export async function sendConfirmation(
  teller: Teller,
  occasion: Occasion,
  rsvp: Person,
  now: Date,
): Promise<'sent' | 'limited'> {
  const turn = `rsvpConfirmMail:to:${rsvp.email.trim().toLowerCase()}`;
  const window = { max: 1, windowSeconds: CONFIRM_MAIL_MINUTES * 60 };
  if (!(await takeTurn(teller.db, turn, window, now))) return 'limited';
  const { link, tokenHash } = await newLink(teller, rsvp.id);
  try {
    await teller.mailer.send(confirmationMail(about(occasion, rsvp, link, teller.publicUrl)));
  } catch (err) {
    // The mail could not even be written to the queue (a mail the SMTP server has not taken
    // yet counts as sent: the queue tries it again). No mail, no link, and the turn back:
    // sending the form again tries again.
    await teller.db.delete(rsvpTokens).where(eq(rsvpTokens.tokenHash, tokenHash));
    await refundAttempt(teller.db, [turn], now);
    throw err;
  }
  return 'sent';
}

/**
 * Tells someone counted where they stand: going, or their place on the waitlist (`position`
 * when the caller has it already, read under the date's lock; otherwise counted here). `link`:
 * one already written with the RSVP (rsvp_take_place), else a new one is written here.
 */
export async function tellPlaced(
  teller: Teller,
  occasion: Occasion,
  rsvp: Person & Pick<RsvpRow, 'eventId' | 'date' | 'status' | 'confirmedAt'>,
  known?: { position: number | null; link?: string },
): Promise<void> {
  const position = known ? known.position : await waitlistPosition(teller.db, rsvp);
  await deliver(
    teller,
    rsvp,
    (link) =>
      position === null
        ? goingMail(about(occasion, rsvp, link, teller.publicUrl))
        : waitlistMail(about(occasion, rsvp, link, teller.publicUrl), position),
    known?.link,
  );
}

/** Tells each RSVP moved up from the waitlist that it is going now. */
export async function tellMovedUp(
  teller: Teller,
  occasion: Occasion,
  moved: readonly RsvpRow[],
): Promise<void> {
  for (const rsvp of moved) {
    await deliver(teller, rsvp, (link) =>
      movedUpMail(about(occasion, rsvp, link, teller.publicUrl)),
    );
  }
}

async function deliver(
  teller: Teller,
  rsvp: Person,
  write: (link: string) => OutgoingMail,
  written?: string,
) {
  try {
    const link = written ?? (await newLink(teller, rsvp.id)).link;
    await teller.mailer.send(write(link));
  } catch (err) {
    teller.log.warn({ err, rsvpId: rsvp.id }, 'an RSVP mail could not be sent');
  }
}
