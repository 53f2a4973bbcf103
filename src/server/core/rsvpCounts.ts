// How many people are going to a date (issue 33): the count the event page, the chapter's
// next-meeting card, the state page's cards, the JSON-LD and the dashboards show. People, not
// RSVPs: each confirmed RSVP is its person and their guests; unconfirmed and cancelled ones
// count nothing. Here, below the modules, because several of them show it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from './database';
import { rsvpDates, rsvps } from '../db/schema';

export interface DateCounts {
  going: number;
  waitlisted: number;
}

const people = (status: 'going' | 'waitlisted') =>
  sql<number>`coalesce(sum(1 + ${rsvps.guests}) filter (where ${rsvps.status} = ${status}), 0)::int`;

/** People going and waiting for one date (the rule's date) of one event. */
export async function dateCounts(db: DbOrTx, eventId: number, date: string): Promise<DateCounts> {
  const [row] = await db
    .select({ going: people('going'), waitlisted: people('waitlisted') })
    .from(rsvps)
    .where(and(eq(rsvps.eventId, eventId), eq(rsvps.date, date)));
  return { going: Number(row?.going ?? 0), waitlisted: Number(row?.waitlisted ?? 0) };
}

/** `${eventId}:${date}` of a date, as goingByDate keys its answer. */
export const dateKey = (eventId: number, date: string) => `${eventId}:${date}`;

/** People going and waiting at each of these dates of these events, keyed by dateKey. */
export async function countsByDate(
  db: DbOrTx,
  eventIds: readonly number[],
  dates: readonly string[],
): Promise<Map<string, DateCounts>> {
  const found = new Map<string, DateCounts>();
  if (eventIds.length === 0 || dates.length === 0) return found;
  const rows = await db
    .select({
      eventId: rsvps.eventId,
      date: rsvps.date,
      going: people('going'),
      waitlisted: people('waitlisted'),
    })
    .from(rsvps)
    .where(
      and(
        inArray(rsvps.eventId, [...new Set(eventIds)]),
        inArray(rsvps.date, [...new Set(dates)]),
        inArray(rsvps.status, ['going', 'waitlisted']),
      ),
    )
    .groupBy(rsvps.eventId, rsvps.date);
  for (const row of rows) {
    found.set(dateKey(row.eventId, row.date), {
      going: Number(row.going),
      waitlisted: Number(row.waitlisted),
    });
  }
  return found;
}

/** What the door counted on these dates (null: nobody saved a count), keyed by dateKey. */
export async function attendedByDate(
  db: DbOrTx,
  eventIds: readonly number[],
): Promise<Map<string, number | null>> {
  const attended = new Map<string, number | null>();
  if (eventIds.length === 0) return attended;
  const rows = await db
    .select({ eventId: rsvpDates.eventId, date: rsvpDates.date, attended: rsvpDates.attended })
    .from(rsvpDates)
    .where(inArray(rsvpDates.eventId, [...new Set(eventIds)]));
  for (const row of rows) attended.set(dateKey(row.eventId, row.date), row.attended);
  return attended;
}

/** Each chapter's last meeting counted at the door: its date (the rule's) and how many came. */
export async function lastAttendanceByChapter(
  db: DbOrTx,
): Promise<Map<number, { date: string; attended: number }>> {
  const rows = await queryRows<{ chapterId: number; date: string; attended: number }>(
    db,
    sql`select distinct on (e.chapter_id) e.chapter_id as "chapterId",
          to_char(d.date, 'YYYY-MM-DD') as "date", d.attended
        from rsvp_dates d join chapter_events e on e.id = d.event_id
        where d.attended is not null
        order by e.chapter_id, d.date desc`,
  );
  return new Map(rows.map((r) => [r.chapterId, { date: r.date, attended: Number(r.attended) }]));
}
