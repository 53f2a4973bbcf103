// An RSVP's own page, reached by the link in its mails (/rsvp/{token}): what it is, and its two
// actions. GET only reads; confirming and cancelling are POSTs from the page, so a mail scanner
// opening the link changes nothing. A token names one RSVP and no other.
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents, chapters, rsvps, rsvpTokens } from '../../db/schema';
import type { RsvpRow } from '../../db/schema';
import type { RsvpPage } from '../../../common/schemas/rsvps';
import { HttpError, fieldError } from '../../core/httpError';
import { toChapterRef } from '../../core/summaries';
import { dateCounts } from '../../core/rsvpCounts';
import { hashToken } from '../auth';
import { dateAnswer, dateOfEvent, isPast, requireOpen } from './dates';
import { lockDate, moveUp, placeRsvp, waitlistPosition } from './place';
import { tellMovedUp, tellPlaced, type Occasion, type Teller } from './tell';

// newToken(): 32 random bytes, base64url.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const notFound = () => new HttpError(404, 'This RSVP link is not valid.');

export interface Found extends Occasion {
  rsvp: RsvpRow;
  timeZone: string;
}

async function byToken(db: Db, token: string, now: Date): Promise<Found> {
  if (!TOKEN.test(token)) throw notFound();
  return findRsvp(db, eq(rsvpTokens.tokenHash, hashToken(token)), now, true);
}

/** The RSVP `where` picks (over rsvps, or its tokens when `viaToken`), with its date. */
export async function findRsvp(db: Db, where: SQL, now: Date, viaToken = false): Promise<Found> {
  const query = db
    .select({ rsvp: rsvps, event: chapterEvents, chapter: chapters })
    .from(rsvps)
    .innerJoin(chapterEvents, eq(chapterEvents.id, rsvps.eventId))
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId));
  const [row] = await (
    viaToken ? query.innerJoin(rsvpTokens, eq(rsvpTokens.rsvpId, rsvps.id)) : query
  )
    .where(where)
    .limit(1);
  if (!row) throw notFound();
  // The rule may have changed since: a date it no longer gives is gone, with its RSVPs.
  const dated = await dateOfEvent(db, row.event, row.chapter, row.rsvp.date, now).catch(() => {
    throw notFound();
  });
  return { ...row, ...dated };
}

export async function page(db: Db, found: Found, now: Date): Promise<RsvpPage> {
  const { rsvp, event, chapter, scheduled, timeZone } = found;
  const counts = await dateCounts(db, event.id, rsvp.date);
  return {
    status: rsvp.status,
    position: await waitlistPosition(db, rsvp),
    name: rsvp.name,
    email: rsvp.email,
    guests: rsvp.guests,
    pendingGuests: rsvp.pendingGuests,
    date: dateAnswer(scheduled, timeZone, now),
    event: {
      slug: event.slug,
      name: event.name,
      address1: event.address1,
      address2: event.address2,
      city: event.city,
      state: event.state,
      postalCode: event.postalCode,
      country: event.country,
      maxGuests: event.maxGuests,
    },
    chapter: toChapterRef(chapter),
    counts: { ...counts, capacity: event.capacity },
  };
}

/** GET /api/rsvp/{token}. */
export async function rsvpPage(db: Db, token: string, now: Date): Promise<RsvpPage> {
  return page(db, await byToken(db, token, now), now);
}

export interface Changed {
  page: RsvpPage;
  /** The event's slug when anyone's place changed (the public counts with it). */
  countsChanged: boolean;
}

/**
 * POST /api/rsvp/{token}/confirm: counts an unconfirmed RSVP (going, or the waitlist) or applies
 * the change waiting on it. Confirming again changes nothing; a cancelled RSVP stays cancelled
 * (its person may RSVP again from the event page).
 */
export async function confirmRsvp(teller: Teller, token: string, now: Date): Promise<Changed> {
  const { db } = teller;
  const found = await byToken(db, token, now);
  const waiting = found.rsvp.status === 'unconfirmed' || found.rsvp.pendingGuests !== null;
  if (!waiting || found.rsvp.status === 'cancelled') {
    return { page: await page(db, found, now), countsChanged: false };
  }
  requireOpen(found.scheduled, now);
  if ((found.rsvp.pendingGuests ?? found.rsvp.guests) > found.event.maxGuests) {
    throw fieldError(
      409,
      'guests',
      `This meeting now takes at most ${found.event.maxGuests} guests per RSVP. RSVP again from the event page.`,
    );
  }
  const { event } = found;
  const { rsvp, moved } = await db.transaction(async (tx) => {
    await lockDate(tx, event.id, found.rsvp.date);
    const [current] = await tx.select().from(rsvps).where(eq(rsvps.id, found.rsvp.id));
    if (!current) throw notFound();
    const guests = current.pendingGuests ?? current.guests;
    const name = current.pendingName ?? current.name;
    await tx
      .update(rsvps)
      .set({ guests, name, pendingGuests: null, pendingName: null })
      .where(eq(rsvps.id, current.id));
    await placeRsvp(tx, event.capacity, { ...current, guests }, now);
    const moved = await moveUp(tx, event.capacity, event.id, current.date);
    const [rsvp] = await tx.select().from(rsvps).where(eq(rsvps.id, current.id));
    return { rsvp: rsvp!, moved };
  });
  await tellPlaced(teller, found, rsvp);
  await tellMovedUp(
    teller,
    found,
    moved.filter((r) => r.id !== rsvp.id),
  );
  return { page: await page(db, { ...found, rsvp }, now), countsChanged: true };
}

/**
 * POST /api/rsvp/{token}/cancel: the person is not coming. A place it leaves goes to those
 * waiting, in the waitlist's order, each told by mail. Cancelling again changes nothing.
 */
export async function cancelRsvp(teller: Teller, token: string, now: Date): Promise<Changed> {
  return cancelFound(teller, await byToken(teller.db, token, now), now);
}

/** Cancels a found RSVP (its token's, or a signed-in user's own). */
export async function cancelFound(teller: Teller, found: Found, now: Date): Promise<Changed> {
  const { db } = teller;
  if (found.rsvp.status === 'cancelled') {
    return { page: await page(db, found, now), countsChanged: false };
  }
  if (isPast(found.scheduled, now)) {
    throw fieldError(409, 'date', 'This meeting has already happened.');
  }
  const { event } = found;
  const { rsvp, moved } = await db.transaction(async (tx) => {
    await lockDate(tx, event.id, found.rsvp.date);
    const [rsvp] = await tx
      .update(rsvps)
      .set({ status: 'cancelled', cancelledAt: now, pendingGuests: null, pendingName: null })
      .where(eq(rsvps.id, found.rsvp.id))
      .returning();
    if (!rsvp) throw notFound();
    return { rsvp, moved: await moveUp(tx, event.capacity, event.id, rsvp.date) };
  });
  await tellMovedUp(teller, found, moved);
  return { page: await page(db, { ...found, rsvp }, now), countsChanged: true };
}
