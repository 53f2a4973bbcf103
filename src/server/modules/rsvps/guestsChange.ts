// A signed-in user changing the guests of their own RSVP (POST /api/my/rsvps/{id}/guests): one
// click said "I'm going" alone, and a friend comes after all, or one cannot. What a careful
// person expects: fewer guests always go through (and the room they leave goes to those
// waiting, who are told); more guests go through when they fit, and when they do not, nothing
// changes and the answer says how many places are left: nobody loses their own place by asking
// for one more. A waiting RSVP keeps its place in the line whatever its size, and moves up when
// it now fits. Only a counted RSVP (going or waiting) to a date still open is changed here.
import { and, eq, ne, sql } from 'drizzle-orm';
import { rsvps } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import { fieldError } from '../../core/httpError';
import { requireOpen } from './dates';
import { lockDate, moveUp } from './place';
import { tellMovedUp, type Teller } from './tell';
import { findRsvp, page, type Changed } from './tokenService';

const ownedBy = (user: User) =>
  sql`(${rsvps.userId} = ${user.id} or lower(${rsvps.email}) = ${user.email.toLowerCase()})`;

const placesWord = (n: number) => `${n} place${n === 1 ? '' : 's'}`;

export async function changeMyGuests(
  teller: Teller,
  user: User,
  id: number,
  guests: number,
  now: Date,
): Promise<Changed> {
  const { db } = teller;
  const found = await findRsvp(db, and(eq(rsvps.id, id), ownedBy(user))!, now);
  const { event } = found;
  if (found.rsvp.status !== 'going' && found.rsvp.status !== 'waitlisted') {
    throw fieldError(
      409,
      'body.guests',
      found.rsvp.status === 'cancelled'
        ? 'You cancelled this RSVP. Say you are going again from the event page.'
        : 'This RSVP is not confirmed yet: open the link in its email first.',
    );
  }
  requireOpen(found.scheduled, now);
  if (guests > event.maxGuests) {
    const most = event.maxGuests === 0 ? 'no guests' : `at most ${event.maxGuests}`;
    throw fieldError(400, 'body.guests', `This meeting takes ${most} per RSVP.`);
  }
  if (guests === found.rsvp.guests) {
    return { page: await page(db, found, now), countsChanged: false };
  }
  const { rsvp, moved } = await db.transaction(async (tx) => {
    await lockDate(tx, event.id, found.rsvp.date);
    const [current] = await tx.select().from(rsvps).where(eq(rsvps.id, found.rsvp.id));
    if (current!.status === 'going' && guests > current!.guests && event.capacity !== null) {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(sum(1 + ${rsvps.guests}), 0)::int` })
        .from(rsvps)
        .where(
          and(
            eq(rsvps.eventId, event.id),
            eq(rsvps.date, current!.date),
            eq(rsvps.status, 'going'),
            ne(rsvps.id, current!.id),
          ),
        );
      const left = event.capacity - Number(row?.n ?? 0) - 1;
      if (guests > left) {
        throw fieldError(
          409,
          'body.guests',
          left <= 0
            ? 'The meeting is full: there is no room for guests now. Your own place is kept.'
            : `Only ${placesWord(left)} left for guests. Your place is kept as it was.`,
        );
      }
    }
    // Its time in the line (confirmedAt) is kept: a party changing its size is not new.
    await tx
      .update(rsvps)
      .set({ guests, pendingGuests: null, pendingName: null, updatedAt: now })
      .where(eq(rsvps.id, current!.id));
    const moved = await moveUp(tx, event.capacity, event.id, current!.date);
    const [rsvp] = await tx.select().from(rsvps).where(eq(rsvps.id, current!.id));
    return { rsvp: rsvp!, moved };
  });
  // Others moved up by the room left are told; the person changing sees their own page.
  await tellMovedUp(
    teller,
    found,
    moved.filter((r) => r.id !== rsvp.id),
  );
  return { page: await page(db, { ...found, rsvp }, now), countsChanged: true };
}
