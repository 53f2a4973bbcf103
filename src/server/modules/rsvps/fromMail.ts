// RSVPs from a scheduled message's own page (issue 34): the list's reminder says "I'm going",
// the reminder to those going says "cancel". The address is the one the message went to, which
// the copy's token proves, so the RSVP counts at once (as for a signed-in member) rather than
// waiting for a confirmation link. Placed under the date's lock like every other RSVP (place.ts).
import { and, eq, sql } from 'drizzle-orm';
import { rsvps } from '../../db/schema';
import type { RsvpRow } from '../../db/schema';
import { requireOpen } from './dates';
import { lockDate, placeRsvp, waitlistPosition } from './place';
import { tellPlaced, type Occasion, type Teller } from './tell';
import { cancelFound, findRsvp } from './tokenService';

export interface FromMail {
  status: RsvpRow['status'] | null;
  position: number | null;
}

/** The address's RSVP to this date, as it stands (null: none). */
export async function rsvpOfAddress(
  teller: Teller,
  occasion: Occasion,
  email: string,
): Promise<FromMail> {
  const [row] = await teller.db
    .select()
    .from(rsvps)
    .where(
      and(
        eq(rsvps.eventId, occasion.event.id),
        eq(rsvps.date, occasion.scheduled.date),
        eq(sql`lower(${rsvps.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  if (!row) return { status: null, position: null };
  return { status: row.status, position: await waitlistPosition(teller.db, row) };
}

/** "I'm going" for this address: going, or on the waitlist; told by mail as any RSVP is. */
export async function goingFromMail(
  teller: Teller,
  occasion: Occasion,
  person: { name: string; email: string },
  now: Date,
): Promise<FromMail> {
  const { db } = teller;
  const { event, scheduled } = occasion;
  requireOpen(scheduled, now);
  const { rsvp, changed } = await db.transaction(async (tx) => {
    await lockDate(tx, event.id, scheduled.date);
    const [before] = await tx
      .select()
      .from(rsvps)
      .where(
        and(
          eq(rsvps.eventId, event.id),
          eq(rsvps.date, scheduled.date),
          eq(sql`lower(${rsvps.email})`, person.email.toLowerCase()),
        ),
      )
      .limit(1);
    if (before && (before.status === 'going' || before.status === 'waitlisted')) {
      return { rsvp: before, changed: false };
    }
    const [written] = before
      ? await tx
          .update(rsvps)
          .set({ pendingName: null, pendingGuests: null, status: 'unconfirmed' })
          .where(eq(rsvps.id, before.id))
          .returning()
      : await tx
          .insert(rsvps)
          .values({
            eventId: event.id,
            date: scheduled.date,
            name: person.name,
            email: person.email,
            createdAt: now,
          })
          .returning();
    return { rsvp: await placeRsvp(tx, event.capacity, written!, now), changed: true };
  });
  if (changed) await tellPlaced(teller, occasion, rsvp);
  return { status: rsvp.status, position: await waitlistPosition(db, rsvp) };
}

/** Not going after all: the address's RSVP cancelled, its place to those waiting. */
export async function notGoingFromMail(
  teller: Teller,
  occasion: Occasion,
  email: string,
  now: Date,
): Promise<FromMail> {
  const { db } = teller;
  const where = and(
    eq(rsvps.eventId, occasion.event.id),
    eq(rsvps.date, occasion.scheduled.date),
    eq(sql`lower(${rsvps.email})`, email.toLowerCase()),
  )!;
  const found = await findRsvp(db, where, now).catch(() => null);
  if (!found || found.rsvp.status === 'cancelled')
    return { status: found?.rsvp.status ?? null, position: null };
  await cancelFound(teller, found, now);
  return { status: 'cancelled', position: null };
}
