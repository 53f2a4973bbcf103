// The page behind a scheduled message's "I'm going" and "cancel" links (/going/{token}). The
// token is the copy's own (mailing_deliveries.tracking_token): it names the meeting (its
// message's event and date) and the address the copy went to, and nothing else.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingDeliveries, mailingListContacts, mailingMessages } from '../../db/schema';
import type { GoingPage } from '../../../common/schemas/going';
import { HttpError } from '../../core/httpError';
import { isPast } from './pastMeeting';
import { chapterPath, loadMeeting, placeText } from './meetings';
import { meetingWhenText } from '../../../common/eventSchedule';
import { displayTitle } from '../../core/summaries';
import {
  goingFromMail,
  notGoingFromMail,
  rsvpOfAddress,
  type FromMail,
  type Occasion,
  type Teller,
} from '../rsvps';

const notFound = () => new HttpError(404, 'This link is not valid.');

interface Copy {
  occasion: Occasion;
  timeZone: string;
  email: string;
  name: string;
}

async function copyOf(db: Db, token: string, now: Date): Promise<Copy> {
  const [row] = await db
    .select({
      eventId: mailingMessages.eventId,
      occurrence: mailingMessages.occurrence,
      kind: mailingMessages.kind,
      email: sql<string>`coalesce(${mailingListContacts.email}, ${mailingDeliveries.email})`,
      name: mailingListContacts.name,
    })
    .from(mailingDeliveries)
    .innerJoin(mailingMessages, eq(mailingMessages.id, mailingDeliveries.messageId))
    .leftJoin(mailingListContacts, eq(mailingListContacts.id, mailingDeliveries.contactId))
    .where(eq(mailingDeliveries.trackingToken, token))
    .limit(1);
  if (!row || row.eventId === null || row.occurrence === null) throw notFound();
  if (row.kind !== 'reminder' && row.kind !== 'rsvpReminder' && row.kind !== 'notice')
    throw notFound();
  const found = await loadMeeting(db, row.eventId, row.occurrence, now);
  if (!found) throw notFound();
  const { chapter, event, scheduled, timeZone } = found;
  return {
    occasion: { chapter, event, scheduled },
    timeZone,
    email: row.email,
    // A list member's imported name, or the part before the @: the host's list shows it.
    name: row.name?.trim() || row.email.split('@')[0]!,
  };
}

function pageOf(copy: Copy, rsvp: FromMail, now: Date): GoingPage {
  const { chapter, event, scheduled } = copy.occasion;
  const path = chapterPath(chapter);
  const closedReason =
    scheduled.status === 'cancelled'
      ? 'This meeting is off: the host skipped this date.'
      : isPast(scheduled, now)
        ? 'This meeting has already happened.'
        : null;
  return {
    chapterTitle: displayTitle(chapter),
    chapterPath: path,
    eventName: event.name,
    eventPath: `${path}/events/${event.slug}`,
    when: meetingWhenText(scheduled, copy.timeZone),
    place: placeText(event),
    email: copy.email,
    status: rsvp.status,
    position: rsvp.position,
    open: closedReason === null,
    closedReason,
  };
}

/** GET: the meeting and where this address stands. Records nothing. */
export async function goingPage(teller: Teller, token: string, now: Date): Promise<GoingPage> {
  const copy = await copyOf(teller.db, token, now);
  return pageOf(copy, await rsvpOfAddress(teller, copy.occasion, copy.email), now);
}

/** POST: going (or not), for the address the copy went to. Answers the page and the event's slug. */
export async function answerGoing(
  teller: Teller,
  token: string,
  going: boolean,
  now: Date,
): Promise<{ page: GoingPage; eventSlug: string }> {
  const copy = await copyOf(teller.db, token, now);
  const rsvp = going
    ? await goingFromMail(teller, copy.occasion, { name: copy.name, email: copy.email }, now)
    : await notGoingFromMail(teller, copy.occasion, copy.email, now);
  return { page: pageOf(copy, rsvp, now), eventSlug: copy.occasion.event.slug };
}
