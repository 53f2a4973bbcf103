// The schedule's plan (docs/decisions/25-scheduled-email.md): for every coming date of every
// active chapter's events, the moments its messages are due, written to mailing_messages as
// 'scheduled' rows: the list's reminder (so many days before, at the chapter's hour, in the
// chapter's zone), the reminder to those going and the hosts' digest (so many hours before the
// start). One statement writes them all and moves those whose moment changed (a setting, a
// moved date, a new time); a second removes the ones no longer wanted (a skipped date, a
// setting turned off). Only rows still 'scheduled' are touched: one sent, under way, dropped or
// cancelled by its host stays as it is, so a cancelled reminder stays cancelled.
//
// Every server plans each poll; the database's advisory lock lets one plan at a time (the others
// skip that poll), and the unique index on (event, date, kind) makes a plan written twice the
// same plan.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../core/database';
import { dateWithWeekday, scheduleOf } from '../../../common/eventSchedule';
import { dateOfEpochDay, epochDay, zonedInstant } from '../../../common/recurrence';
import { loadChapterMeetings, type ChapterMeetings } from './meetings';

/** The longest setting (14 days before, at any hour) fits in this. */
const HORIZON_MS = 16 * 24 * 3_600_000;
/** Dates of one event looked at: a weekly one has three in the horizon. */
const DATES_PER_EVENT = 6;
/** pg_try_advisory_xact_lock's key for planning ("sch" in ASCII). */
const PLAN_LOCK = 7_562_088;

export type PlannedKind = 'reminder' | 'rsvpReminder' | 'digest';

export interface Planned {
  chapterId: number;
  eventId: number;
  occurrence: string;
  kind: PlannedKind;
  scheduledFor: Date;
  startsAt: Date;
  subject: string;
}

const HOUR = 3_600_000;
/** Chapters planned between two turns of the event loop. */
const CHAPTERS_PER_TURN = 25;

/** The moments one chapter's coming meetings want, by its settings. Pure. */
export function plannedFor(of: ChapterMeetings, now: Date): Planned[] {
  const { chapter, timeZone } = of;
  const out: Planned[] = [];
  for (const { event, exceptions } of of.events) {
    for (const d of scheduleOf(event, timeZone, now, DATES_PER_EVENT, exceptions)) {
      if (d.status === 'cancelled' || d.start <= now) continue;
      if (d.start.getTime() - now.getTime() > HORIZON_MS) continue;
      const base = {
        chapterId: chapter.id,
        eventId: event.id,
        occurrence: d.date,
        startsAt: d.start,
      };
      const on = `${event.name}, ${dateWithWeekday(d.meetsOn)}`;
      if (chapter.reminderDaysBefore > 0) {
        const day = dateOfEpochDay(epochDay(d.meetsOn) - chapter.reminderDaysBefore);
        const hour = `${String(chapter.reminderHour).padStart(2, '0')}:00`;
        out.push({
          ...base,
          kind: 'reminder',
          scheduledFor: zonedInstant(day, hour, timeZone),
          subject: `Reminder: ${on}`,
        });
      }
      if (chapter.rsvpReminderHours > 0) {
        out.push({
          ...base,
          kind: 'rsvpReminder',
          scheduledFor: new Date(d.start.getTime() - chapter.rsvpReminderHours * HOUR),
          subject: `See you soon: ${on}`,
        });
      }
      if (chapter.hostDigestHours > 0) {
        out.push({
          ...base,
          kind: 'digest',
          scheduledFor: new Date(d.start.getTime() - chapter.hostDigestHours * HOUR),
          subject: `Who's coming: ${on}`,
        });
      }
    }
  }
  return out;
}

/**
 * Plans every chapter's coming messages; false when another server was planning (this one
 * skips: the other's plan is the same).
 */
export async function planSchedule(db: Db, now: Date): Promise<boolean> {
  const meetings = await loadChapterMeetings(db, now);
  // Every server plans the whole network each poll: in slices with a turn of the event loop
  // between them, so the requests it serves meanwhile wait for one slice, not for thousands of
  // chapters' dates (bench:reminders held the loop 1.6 s at 2,000 chapters in one piece).
  const planned: Planned[] = [];
  for (let i = 0; i < meetings.length; i++) {
    planned.push(...plannedFor(meetings[i]!, now));
    if (i % CHAPTERS_PER_TURN === CHAPTERS_PER_TURN - 1) await nextTurn();
  }
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ mine: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PLAN_LOCK}) as mine`,
    );
    if (!lock?.mine) return false;
    const col = <T>(pick: (p: Planned) => T) => planned.map(pick);
    const arrays = {
      chapter: JSON.stringify(col((p) => p.chapterId)),
      event: JSON.stringify(col((p) => p.eventId)),
      occurrence: JSON.stringify(col((p) => p.occurrence)),
      kind: JSON.stringify(col((p) => p.kind)),
      at: JSON.stringify(col((p) => p.scheduledFor.toISOString())),
      starts: JSON.stringify(col((p) => p.startsAt.toISOString())),
      subject: JSON.stringify(col((p) => p.subject)),
    };
    // The plan as a table, from JSON arrays (one parameter each, the same on pg and PGlite).
    const plan = sql`select * from unnest(
          array(select json_array_elements_text(${arrays.chapter}::json)::int),
          array(select json_array_elements_text(${arrays.event}::json)::int),
          array(select json_array_elements_text(${arrays.occurrence}::json)::date),
          array(select json_array_elements_text(${arrays.kind}::json)),
          array(select json_array_elements_text(${arrays.at}::json)::timestamptz),
          array(select json_array_elements_text(${arrays.starts}::json)::timestamptz),
          array(select json_array_elements_text(${arrays.subject}::json))
        ) as p(chapter_id, event_id, occurrence, kind, scheduled_for, starts_at, subject)`;
    if (planned.length > 0) {
      await tx.execute(
        sql`insert into mailing_messages
              (chapter_id, event_id, occurrence, kind, scheduled_for, starts_at, subject, body,
               status, created_at)
            select chapter_id, event_id, occurrence, kind, scheduled_for, starts_at, subject, '',
                   'scheduled', ${now.toISOString()}::timestamptz
            from (${plan}) p
            on conflict (event_id, occurrence, kind)
              where kind in ('reminder', 'rsvpReminder', 'digest')
            do update set scheduled_for = excluded.scheduled_for,
                          starts_at = excluded.starts_at,
                          subject = excluded.subject
            where mailing_messages.status = 'scheduled'
              and (mailing_messages.scheduled_for, mailing_messages.starts_at, mailing_messages.subject)
                  is distinct from (excluded.scheduled_for, excluded.starts_at, excluded.subject)`,
      );
    }
    // No longer wanted: what is still scheduled for a meeting still ahead that the plan left
    // out. One whose meeting has begun is left for the firing to drop. The difference is taken
    // here, by key: PostgreSQL joined the plan (an unnest it guesses at 10 rows) in a nested
    // loop, once per scheduled row, which took 28 s a poll at 2,000 chapters (bench:reminders).
    const wanted = new Set(planned.map((p) => `${p.eventId} ${p.occurrence} ${p.kind}`));
    const ahead = await queryRows<{
      id: number;
      event_id: number;
      occurrence: string;
      kind: string;
    }>(
      tx,
      sql`select id, event_id, occurrence::text as occurrence, kind from mailing_messages
          where status = 'scheduled'
            and kind in ('reminder', 'rsvpReminder', 'digest')
            and starts_at > ${now.toISOString()}::timestamptz`,
    );
    const unwanted = ahead
      .filter((m) => !wanted.has(`${m.event_id} ${m.occurrence} ${m.kind}`))
      .map((m) => Number(m.id));
    if (unwanted.length > 0) {
      await tx.execute(
        sql`delete from mailing_messages
            where status = 'scheduled'
              and id in (select json_array_elements_text(${JSON.stringify(unwanted)}::json)::int)`,
      );
    }
    return true;
  });
}
