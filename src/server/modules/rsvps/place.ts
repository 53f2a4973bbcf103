// Who is going and who waits, decided under the date's lock. Every change to a date's RSVPs
// (a new one, a confirmation, a change of guests, a cancellation) runs in a transaction that
// first takes the rsvp_dates row FOR UPDATE: two app servers placing the last place at once
// take turns, and the second sees the first's RSVP. Nobody is ever placed past the capacity.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/database';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { rsvpDates, rsvps } from '../../db/schema';
import type { RsvpRow } from '../../db/schema';

/**
 * Takes the date's lock, held until the transaction ends: one statement, which makes the row
 * the first time and otherwise locks it as an update does (ON CONFLICT DO UPDATE).
 */
export async function lockDate(tx: Tx, eventId: number, date: string): Promise<void> {
  await tx
    .insert(rsvpDates)
    .values({ eventId, date })
    .onConflictDoUpdate({
      target: [rsvpDates.eventId, rsvpDates.date],
      set: { walkIns: sql`${rsvpDates.walkIns}` },
    });
}

/** People going to the date, leaving out one RSVP (the one being placed). */
async function goingExcept(tx: Tx, eventId: number, date: string, rsvpId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(1 + ${rsvps.guests}), 0)::int` })
    .from(rsvps)
    .where(
      and(
        eq(rsvps.eventId, eventId),
        eq(rsvps.date, date),
        eq(rsvps.status, 'going'),
        ne(rsvps.id, rsvpId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Places an RSVP (already written with its guests) as going, if it fits, or on the waitlist.
 * One going keeps its place in the line; one that no longer fits (more guests) goes to the back
 * of the waitlist, as does any RSVP new to the line. Answers where it is now.
 */
export async function placeRsvp(
  tx: Tx,
  capacity: number | null,
  rsvp: Pick<RsvpRow, 'id' | 'eventId' | 'date' | 'guests' | 'status'>,
  now: Date,
): Promise<RsvpRow> {
  const fits =
    capacity === null ||
    (await goingExcept(tx, rsvp.eventId, rsvp.date, rsvp.id)) + 1 + rsvp.guests <= capacity;
  const status = fits ? 'going' : 'waitlisted';
  // Counted before, in the same state: its time in the line is kept.
  const keepsPlace = rsvp.status === status;
  const [placed] = await tx
    .update(rsvps)
    .set({ status, cancelledAt: null, ...(keepsPlace ? {} : { confirmedAt: now }) })
    .where(eq(rsvps.id, rsvp.id))
    .returning();
  return placed!;
}

/**
 * Moves up, in the waitlist's order, every waiting RSVP that fits in the room left (a party too
 * big for it waits on while a smaller one behind it goes). Answers those moved up, to be told.
 */
export async function moveUp(
  tx: Tx,
  capacity: number | null,
  eventId: number,
  date: string,
): Promise<RsvpRow[]> {
  const waiting = await tx
    .select()
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.date, date), eq(rsvps.status, 'waitlisted')))
    .orderBy(asc(rsvps.confirmedAt), asc(rsvps.id));
  if (waiting.length === 0) return [];
  let room = capacity === null ? Infinity : capacity - (await goingExcept(tx, eventId, date, 0));
  const moved: RsvpRow[] = [];
  for (const rsvp of waiting) {
    if (1 + rsvp.guests > room) continue;
    room -= 1 + rsvp.guests;
    await tx.update(rsvps).set({ status: 'going' }).where(eq(rsvps.id, rsvp.id));
    moved.push({ ...rsvp, status: 'going' });
  }
  return moved;
}

/** What rsvp_take_place answers: the RSVP as placed, what it was, and the date's counts. */
export interface PlaceTaken {
  id: number;
  status: 'going' | 'waitlisted';
  confirmedAt: Date;
  before: { status: RsvpRow['status']; guests: number } | null;
  /** On the waitlist: 1 is next to move up; null when going. */
  position: number | null;
  /** People going and waiting at the date once it was placed, read under the date's lock. */
  counts: { going: number; waitlisted: number };
}

/**
 * A signed-in user's RSVP, placed in one round trip (migrations 0020, 0021 and 0025,
 * rsvp_take_place): the date's lock, the RSVP written or changed, going if it fits, the link
 * its mail will carry (`tokenHash`), and what the answer and its mail need (its place in the
 * line, the date's counts) from the same lock.
 */
export async function takePlace(
  db: Db,
  values: {
    eventId: number;
    date: string;
    name: string;
    email: string;
    guests: number;
    userId: number;
    capacity: number | null;
    now: Date;
    tokenHash: string;
  },
): Promise<PlaceTaken> {
  const [row] = await takePlaceCall(db).execute({ ...values, now: values.now.toISOString() });
  if (!row) throw new Error('rsvp_take_place answered no row');
  return {
    id: Number(row.id),
    status: row.status,
    confirmedAt: new Date(row.confirmedAt),
    before:
      row.beforeStatus === null
        ? null
        : { status: row.beforeStatus, guests: Number(row.beforeGuests) },
    position: row.position === null ? null : Number(row.position),
    counts: { going: Number(row.going), waitlisted: Number(row.waitlisted) },
  };
}

// Prepared: its text built once, and parsed once per connection (a crowd's RSVPs each call it).
const takePlaceCall = preparedPerDb((db) => {
  const p = sql.placeholder;
  return db
    .select({
      id: sql<number>`rsvp_id`,
      status: sql<'going' | 'waitlisted'>`placed_status`,
      confirmedAt: sql<string | Date>`placed_at`,
      beforeStatus: sql<RsvpRow['status'] | null>`before_status`,
      beforeGuests: sql<number | null>`before_guests`,
      position: sql<number | null>`waitlist_position`,
      going: sql<number>`going_people`,
      waitlisted: sql<number>`waiting_people`,
    })
    .from(
      sql`rsvp_take_place(${p('eventId')}::int, ${p('date')}::date, ${p('name')}::text,
        ${p('email')}::text, ${p('guests')}::int, ${p('userId')}::int, ${p('capacity')}::int,
        ${p('now')}::timestamptz, ${p('tokenHash')}::text)`,
    )
    .prepare('rsvp_take_place');
});

/** A waiting RSVP's place in the line (1: next to move up); null for any other. */
export async function waitlistPosition(
  db: DbOrTx,
  rsvp: Pick<RsvpRow, 'id' | 'eventId' | 'date' | 'status' | 'confirmedAt'>,
): Promise<number | null> {
  if (rsvp.status !== 'waitlisted' || !rsvp.confirmedAt) return null;
  const at = rsvp.confirmedAt.toISOString();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rsvps)
    .where(
      and(
        eq(rsvps.eventId, rsvp.eventId),
        eq(rsvps.date, rsvp.date),
        eq(rsvps.status, 'waitlisted'),
        sql`(${rsvps.confirmedAt}, ${rsvps.id}) < (${at}::timestamptz, ${rsvp.id})`,
      ),
    );
  return Number(row?.n ?? 0) + 1;
}
