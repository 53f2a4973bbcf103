// Notices to those going when a host skips or moves their date, or changes its time or place
// (issue 34, item 2). The route that makes the change takes the event's coming dates before it
// (`datesBefore`) and hands them to `tellChanges` after: each date still ahead, with people
// counted for it, that is now off or meets at another time or place gets a 'notice' message,
// written whole now and due at once; the schedule's next look (woken by the route) sends it
// through the ledger like the rest.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../core/database';
import { scheduleOf, type ScheduledDate } from '../../../common/eventSchedule';
import { loadMeeting, meetingOf, placeText } from './meetings';
import { noticeMail } from './mails/notice';
import { displayTitle } from '../../core/summaries';
import { loadExceptionsOf } from './exceptionsOf';
import { dateFile } from './dateFile';

/** Dates looked at: as far ahead as anyone RSVPs in practice. */
const DATES = 12;

export interface DatesBefore {
  eventId: number;
  place: string;
  dates: ScheduledDate[];
}

/** The event's coming dates as they stand, before a change. Null: no such event. */
export async function datesBefore(
  db: Db,
  which: { id?: number | undefined; slug?: string | undefined },
  now: Date,
): Promise<DatesBefore | null> {
  const [named] = await queryRows<{ id: number }>(
    db,
    which.id !== undefined
      ? sql`select id from chapter_events where id = ${which.id}`
      : sql`select id from chapter_events where slug = ${which.slug ?? ''}`,
  );
  if (!named) return null;
  const eventId = Number(named.id);
  const [row] = await queryRows<{ date: string }>(
    db,
    sql`select date::text as date from rsvps
        where event_id = ${eventId} and status in ('going', 'waitlisted')
          and date >= ${now.toISOString().slice(0, 10)}::date - 2
        order by date limit 1`,
  );
  if (!row) return { eventId, place: '', dates: [] };
  const found = await loadMeeting(db, eventId, row.date, now);
  if (!found) return { eventId, place: '', dates: [] };
  const { event, timeZone } = found;
  const exceptions = await loadExceptionsOf(db, eventId, now);
  return {
    eventId,
    place: placeText(event),
    dates: scheduleOf(event, timeZone, now, DATES, exceptions),
  };
}

const sameMeeting = (a: ScheduledDate, b: ScheduledDate) =>
  a.status === b.status &&
  a.start.getTime() === b.start.getTime() &&
  a.end.getTime() === b.end.getTime() &&
  a.meetsOn === b.meetsOn;

/** Writes a notice for each date ahead, with people counted, that the change altered. */
export async function tellChanges(
  db: Db,
  before: DatesBefore | null,
  publicUrl: string,
  now: Date,
): Promise<number> {
  if (!before || before.dates.length === 0) return 0;
  let written = 0;
  for (const was of before.dates) {
    if (was.status === 'cancelled' || was.start <= now) continue;
    const counted = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rsvps
          where event_id = ${before.eventId} and date = ${was.date}
            and status in ('going', 'waitlisted')`,
    );
    if (Number(counted[0]?.n ?? 0) === 0) continue;
    const found = await loadMeeting(db, before.eventId, was.date, now);
    const now_ = found?.scheduled;
    const placeNow = found ? placeText(found.event) : before.place;
    if (now_ && sameMeeting(was, now_) && placeNow === before.place) continue;
    if (!found) continue;
    const { chapter, event, timeZone } = found;
    const wasMeeting = {
      ...meetingOf(publicUrl, chapter, event, was, timeZone),
      place: before.place,
    };
    const content =
      now_!.status === 'cancelled'
        ? noticeMail({ kind: 'skipped', before: { ...wasMeeting, note: now_!.note } })
        : noticeMail({
            kind: 'changed',
            before: wasMeeting,
            after: meetingOf(publicUrl, chapter, event, now_!, timeZone),
          });
    // The date's calendar file as it now stands: the new time or place, or the skip's CANCEL.
    const calendar = await dateFile(db, found, publicUrl, now, true);
    await db.execute(
      sql`insert into mailing_messages
            (chapter_id, event_id, occurrence, kind, status, scheduled_for, starts_at, subject,
             body, from_name, calendar, created_at)
          values (${chapter.id}, ${event.id}, ${was.date}, 'notice', 'scheduled',
                  ${now.toISOString()}::timestamptz, ${now_!.start.toISOString()}::timestamptz,
                  ${content.subject}, ${content.html}, ${displayTitle(chapter)}, ${calendar},
                  ${now.toISOString()}::timestamptz)`,
    );
    written += 1;
  }
  return written;
}
