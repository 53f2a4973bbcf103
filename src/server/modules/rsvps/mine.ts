// A signed-in user's own RSVPs (issue 33 item 4, for My Chapters): those their account made and
// those made from the form under its address, to dates still to come; and cancelling one of
// them without the mailed link.
import { and, asc, eq, gte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents, chapters, rsvps } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { MyRsvps } from '../../../common/schemas/rsvps';
import { dateOfEpochDay, epochDay } from '../../../common/recurrence';
import { toChapterRef } from '../../core/summaries';
import { dateAnswer, dateOfEvent, isPast } from './dates';
import { waitlistPosition } from './place';
import { cancelFound, findRsvp, type Changed } from './tokenService';
import type { Teller } from './tell';

/** At most this many are listed: the soonest. */
const MOST = 50;

const ownedBy = (user: User) =>
  or(eq(rsvps.userId, user.id), eq(sql`lower(${rsvps.email})`, user.email.toLowerCase()));

/** GET /api/my/rsvps. */
export async function myRsvps(db: Db, user: User, now: Date): Promise<MyRsvps> {
  // A date two months back may have moved to one still to come.
  const since = dateOfEpochDay(epochDay(now.toISOString().slice(0, 10)) - 60);
  const rows = await db
    .select({ rsvp: rsvps, event: chapterEvents, chapter: chapters })
    .from(rsvps)
    .innerJoin(chapterEvents, eq(chapterEvents.id, rsvps.eventId))
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(and(ownedBy(user), ne(rsvps.status, 'cancelled'), gte(rsvps.date, since)))
    .orderBy(asc(rsvps.date), asc(rsvps.id))
    .limit(MOST * 2);
  const listed = [];
  for (const { rsvp, event, chapter } of rows) {
    const dated = await dateOfEvent(db, event, chapter, rsvp.date, now).catch(() => null);
    if (!dated || isPast(dated.scheduled, now)) continue;
    listed.push({
      id: rsvp.id,
      status: rsvp.status,
      position: await waitlistPosition(db, rsvp),
      guests: rsvp.guests,
      date: dateAnswer(dated.scheduled, dated.timeZone, now),
      event: {
        slug: event.slug,
        name: event.name,
        city: event.city,
        state: event.state,
        maxGuests: event.maxGuests,
      },
      chapter: toChapterRef(chapter),
    });
  }
  listed.sort((a, b) => a.date.start.localeCompare(b.date.start));
  return { rsvps: listed.slice(0, MOST) };
}

/** POST /api/my/rsvps/{id}/cancel: one of the user's own; anyone else's is a 404. */
export async function cancelMine(
  teller: Teller,
  user: User,
  id: number,
  now: Date,
): Promise<Changed> {
  const found = await findRsvp(teller.db, and(eq(rsvps.id, id), ownedBy(user))!, now);
  return cancelFound(teller, found, now);
}
