// The host's side of a date (issue 33 items 6 and 7): its guest list (and the same as CSV),
// check-in at the door with walk-ins, and each coming date's numbers for chapter admin. Hosts of
// the chapter, its field organizers and admins only (core/access.ts); a date is any the event's
// rule gives, past ones included (the door is counted on the day, or after it).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { chapterEvents, rsvpDates, rsvps } from '../../db/schema';
import type { ChapterEventRow, ChapterRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { attendanceRequestSchema } from '../../../common/schemas/rsvpForm';
import type { GuestList, RsvpSummary } from '../../../common/schemas/rsvps';
import { scheduleOf, type ScheduledDate } from '../../../common/eventSchedule';
import { requireChapterHostAccess } from '../../core/access';
import { csvRecord } from '../../core/csv';
import { fieldError, HttpError } from '../../core/httpError';
import { countsByDate, dateCounts, dateKey } from '../../core/rsvpCounts';
import { hostChapterSchedule } from './chapterSchedule';
import { dateAnswer, dateOfEvent } from './dates';
import { lockDate } from './place';

type Attendance = z.output<typeof attendanceRequestSchema>;

/** How many coming dates per event the chapter admin summary shows. */
export const SUMMARY_DATES = 6;

interface HostDate {
  event: ChapterEventRow;
  chapter: ChapterRow;
  scheduled: ScheduledDate;
  timeZone: string;
}

/** The event and one of its dates, for a caller with host-level access to its chapter. */
async function hostDate(db: Db, user: User | null, slug: string, date: string, now: Date) {
  const [event] = await db.select().from(chapterEvents).where(eq(chapterEvents.slug, slug));
  if (!user) throw new HttpError(401, 'Please sign in first.');
  if (!event) throw new HttpError(404, 'Event not found.');
  const chapter = await requireChapterHostAccess(db, user, event.chapterId);
  const dated = await dateOfEvent(db, event, chapter, date, now);
  return { event, chapter, ...dated } satisfies HostDate;
}

// Going first, then the waitlist in its order, then those not (or no longer) counted.
const STATUS_ORDER = sql`case ${rsvps.status} when 'going' then 0 when 'waitlisted' then 1 when 'unconfirmed' then 2 else 3 end`;

/** GET .../dates/{date}/guests. */
export async function guestList(
  db: Db,
  user: User | null,
  slug: string,
  date: string,
  now: Date,
): Promise<GuestList> {
  const { event, scheduled, timeZone } = await hostDate(db, user, slug, date, now);
  const ruleDate = scheduled.date;
  const [rows, counts, [door]] = await Promise.all([
    db
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.date, ruleDate)))
      .orderBy(STATUS_ORDER, asc(rsvps.confirmedAt), asc(rsvps.createdAt), asc(rsvps.id)),
    dateCounts(db, event.id, ruleDate),
    db
      .select()
      .from(rsvpDates)
      .where(and(eq(rsvpDates.eventId, event.id), eq(rsvpDates.date, ruleDate))),
  ]);
  let waiting = 0;
  return {
    guests: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      guests: r.guests,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      checkedIn: r.checkedIn,
      position: r.status === 'waitlisted' ? ++waiting : null,
    })),
    ...counts,
    capacity: event.capacity,
    attended: door?.attended ?? null,
    walkIns: door?.walkIns ?? 0,
    date: dateAnswer(scheduled, timeZone, now),
  };
}

export const GUESTS_CSV_HEADER = ['name', 'email', 'guests', 'status', 'rsvp_at', 'checked_in'];

/** GET .../dates/{date}/guests.csv: the same list, as a file; every cell guarded. */
export async function guestsCsv(
  db: Db,
  user: User | null,
  slug: string,
  date: string,
  now: Date,
): Promise<{ csv: string; fileName: string }> {
  const list = await guestList(db, user, slug, date, now);
  const lines = [
    csvRecord(GUESTS_CSV_HEADER),
    ...list.guests.map((g) =>
      csvRecord([
        g.name,
        g.email,
        String(g.guests),
        g.status,
        g.createdAt,
        g.checkedIn ? 'yes' : 'no',
      ]),
    ),
  ];
  return { csv: lines.join(''), fileName: `guests-${slug}-${list.date.date}.csv` };
}

/**
 * POST .../dates/{date}/attendance: exactly the RSVPs listed are checked in; attended is their
 * people (each with their guests) plus the walk-ins. Answers the count saved for the date.
 */
export async function saveAttendance(
  db: Db,
  user: User | null,
  slug: string,
  date: string,
  body: Attendance,
  now: Date,
): Promise<{ attended: number }> {
  const { event, scheduled } = await hostDate(db, user, slug, date, now);
  const ruleDate = scheduled.date;
  const ids = [...new Set(body.checkedIn)];
  return db.transaction(async (tx) => {
    await lockDate(tx, event.id, ruleDate);
    const ofDate = and(eq(rsvps.eventId, event.id), eq(rsvps.date, ruleDate));
    const listed =
      ids.length === 0
        ? []
        : await tx
            .select({ id: rsvps.id, guests: rsvps.guests })
            .from(rsvps)
            .where(and(ofDate, inArray(rsvps.id, ids)));
    if (listed.length !== ids.length) {
      throw fieldError(400, 'body.checkedIn', 'Some of these guests are not on this date’s list.');
    }
    await tx
      .update(rsvps)
      .set({ checkedIn: sql`${rsvps.id} = any(${`{${ids.join(',')}}`}::int[])` })
      .where(ofDate);
    const attended = listed.reduce((sum, r) => sum + 1 + r.guests, 0) + body.walkIns;
    await tx
      .update(rsvpDates)
      .set({ walkIns: body.walkIns, attended })
      .where(and(eq(rsvpDates.eventId, event.id), eq(rsvpDates.date, ruleDate)));
    return { attended };
  });
}

/** GET /api/chapter_event/chapter/{chapterId}/rsvp_summary: each event's coming dates. */
export async function rsvpSummary(
  db: Db,
  user: User | null,
  chapterId: number,
  now: Date,
): Promise<RsvpSummary> {
  const { events, timeZone, exceptions } = await hostChapterSchedule(db, user, chapterId, now);
  const dated = events.flatMap((event) =>
    scheduleOf(event, timeZone, now, SUMMARY_DATES, exceptions.get(event.id)).map((d) => ({
      event,
      d,
    })),
  );
  const ids = events.map((e) => e.id);
  const dates = dated.map(({ d }) => d.date);
  const [counts, doors] = await Promise.all([
    countsByDate(db, ids, dates),
    ids.length === 0 ? [] : db.select().from(rsvpDates).where(inArray(rsvpDates.eventId, ids)),
  ]);
  const attended = new Map(doors.map((r) => [dateKey(r.eventId, r.date), r.attended]));
  return {
    dates: dated
      .sort((a, b) => a.d.start.getTime() - b.d.start.getTime())
      .map(({ event, d }) => ({
        slug: event.slug,
        eventName: event.name,
        date: dateAnswer(d, timeZone, now),
        going: counts.get(dateKey(event.id, d.date))?.going ?? 0,
        waitlisted: counts.get(dateKey(event.id, d.date))?.waitlisted ?? 0,
        capacity: event.capacity,
        attended: attended.get(dateKey(event.id, d.date)) ?? null,
      })),
  };
}
