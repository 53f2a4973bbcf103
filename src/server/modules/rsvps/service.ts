// "I'm going" to one date (POST /api/chapter_event/slug/{slug}/dates/{date}/rsvp). One RSVP per
// address per date: a second one changes the first. A signed-in user's counts at once, under
// their account's name and address; a visitor's waits for the link mailed to the address, and
// so does a visitor's change to an RSVP already counted (knowing an address changes nothing).
// A visitor is told 'unconfirmed' whatever the address had before: the form says nothing of
// anyone's RSVP.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { rsvps } from '../../db/schema';
import type { RsvpRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { rsvpRequestSchema } from '../../../common/schemas/rsvpForm';
import type { RsvpAnswer } from '../../../common/schemas/rsvps';
import { fieldError } from '../../core/httpError';
import { eventDateCounted, requireOpen } from './dates';
import type { RateLimitSettings } from '../auth';
import { lockDate, moveUp, takePlace, waitlistPosition } from './place';
import type { Tx } from '../../core/database';
import { dateCounts, type DateCounts } from '../../core/rsvpCounts';
import {
  makeLink,
  sendConfirmation,
  tellMovedUp,
  tellPlaced,
  type Occasion,
  type Teller,
} from './tell';

type RsvpRequest = z.output<typeof rsvpRequestSchema>;

export interface RsvpMade {
  answer: RsvpAnswer;
  occasion: Occasion;
  /** The address to sign up to the chapter's list, when the form asked for it. */
  joinList: string | null;
  /** Whether anyone's place changed (the public counts with it). */
  countsChanged: boolean;
}

function whoIs(user: User | null, body: RsvpRequest) {
  if (user) return { name: user.name.trim() || user.email, email: user.email };
  if (!body.name) throw fieldError(400, 'body.name', 'Please give your name.');
  if (!body.email) throw fieldError(400, 'body.email', 'Please give your email address.');
  return { name: body.name, email: body.email };
}

async function existingRsvp(tx: Tx, eventId: number, date: string, email: string) {
  const [row] = await tx
    .select()
    .from(rsvps)
    .where(
      and(
        eq(rsvps.eventId, eventId),
        eq(rsvps.date, date),
        eq(sql`lower(${rsvps.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A member's RSVP as placed: the row, its place in the line and the date's counts after it. */
type Placed = Pick<
  RsvpRow,
  'id' | 'eventId' | 'date' | 'name' | 'email' | 'guests' | 'status' | 'confirmedAt'
>;

interface MemberPlaced {
  rsvp: Placed;
  moved: RsvpRow[];
  position: number | null;
  counts: DateCounts;
  /** The link to the RSVP's page, written with it, for the mail that tells them. */
  link: string;
}

/**
 * A signed-in user's RSVP: counted at once, in one round trip (place.ts takePlace), which also
 * answers its place in the line and the date's counts. Only a change that frees room (fewer
 * guests, or a party that no longer fits) moves others up, and reads again after them.
 */
async function placeMember(
  { db, publicUrl }: Teller,
  eventId: number,
  capacity: number | null,
  date: string,
  person: { name: string; email: string; guests: number; user: User },
  now: Date,
): Promise<MemberPlaced> {
  const { link, tokenHash } = makeLink(publicUrl);
  const taken = await takePlace(db, {
    tokenHash,
    eventId,
    date,
    name: person.name,
    email: person.email,
    guests: person.guests,
    userId: person.user.id,
    capacity,
    now,
  });
  const { before } = taken;
  // Room is freed only by one going that now holds fewer places, or none.
  const freed =
    before?.status === 'going' && (taken.status !== 'going' || person.guests < before.guests);
  if (!freed) {
    const rsvp: Placed = {
      id: taken.id,
      eventId,
      date,
      name: person.name,
      email: person.email,
      guests: person.guests,
      status: taken.status,
      confirmedAt: taken.confirmedAt,
    };
    return { rsvp, moved: [], position: taken.position, counts: taken.counts, link };
  }
  const moved = await db.transaction(async (tx) => {
    await lockDate(tx, eventId, date);
    return moveUp(tx, capacity, eventId, date);
  });
  const [rsvp] = await db.select().from(rsvps).where(eq(rsvps.id, taken.id));
  return {
    rsvp: rsvp!,
    moved,
    position: await waitlistPosition(db, rsvp!),
    counts: await dateCounts(db, eventId, date),
    link,
  };
}

/**
 * A visitor's RSVP, counted once its link is followed: a new one, or a change to one not yet
 * counted (applied), or to one counted (kept pending until the link is followed).
 */
async function writeVisitor(
  db: Db,
  eventId: number,
  date: string,
  person: { name: string; email: string; guests: number },
  now: Date,
): Promise<{ rsvp: RsvpRow; moved: RsvpRow[] }> {
  const values = { name: person.name, guests: person.guests };
  return db.transaction(async (tx) => {
    await lockDate(tx, eventId, date);
    const before = await existingRsvp(tx, eventId, date, person.email);
    const counted = before?.status === 'going' || before?.status === 'waitlisted';
    let written: RsvpRow[];
    if (!before) {
      written = await tx
        .insert(rsvps)
        .values({ eventId, date, email: person.email, ...values, createdAt: now })
        .returning();
    } else if (!counted) {
      written = await tx
        .update(rsvps)
        .set({ ...values, pendingName: null, pendingGuests: null, status: 'unconfirmed' })
        .where(eq(rsvps.id, before.id))
        .returning();
    } else {
      written = await tx
        .update(rsvps)
        .set({ pendingName: values.name, pendingGuests: values.guests })
        .where(eq(rsvps.id, before.id))
        .returning();
    }
    return { rsvp: written[0]!, moved: [] };
  });
}

export async function makeRsvp(
  teller: Teller,
  user: User | null,
  { slug, date }: { slug: string; date: string },
  body: RsvpRequest,
  now: Date,
  attempt: { key: string; limit: RateLimitSettings },
): Promise<RsvpMade> {
  const { db } = teller;
  const { event, chapter, scheduled } = await eventDateCounted(db, user, slug, date, now, attempt);
  requireOpen(scheduled, now);
  if (body.guests > event.maxGuests) {
    const most = event.maxGuests === 0 ? 'no guests' : `at most ${event.maxGuests}`;
    throw fieldError(400, 'body.guests', `This meeting takes ${most} per RSVP.`);
  }
  const person = whoIs(user, body);
  const occasion = { event, chapter, scheduled };
  const ruleDate = scheduled.date;

  if (!user) {
    const { rsvp } = await writeVisitor(
      db,
      event.id,
      ruleDate,
      { ...person, guests: body.guests },
      now,
    );
    await sendConfirmation(teller, occasion, rsvp, now);
    return {
      answer: { status: 'unconfirmed' },
      occasion,
      joinList: body.joinList ? person.email : null,
      countsChanged: false,
    };
  }
  const { rsvp, moved, position, counts, link } = await placeMember(
    teller,
    event.id,
    event.capacity,
    ruleDate,
    { ...person, user, guests: body.guests },
    now,
  );
  await tellPlaced(teller, occasion, rsvp, { position, link });
  await tellMovedUp(
    teller,
    occasion,
    moved.filter((r) => r.id !== rsvp.id),
  );
  // The date's counts as this RSVP left them: the page shows them at once, whatever its
  // cached answers say (docs/decisions/21-rsvps.md).
  const shown = { ...counts, capacity: event.capacity };
  return {
    answer:
      position === null
        ? { status: 'going', counts: shown }
        : { status: 'waitlisted', position, counts: shown },
    occasion,
    joinList: body.joinList ? person.email : null,
    countsChanged: true,
  };
}
