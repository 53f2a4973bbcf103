// The schedule's firing (docs/decisions/25-scheduled-email.md): each due 'scheduled' message, one
// transaction each, taken FOR UPDATE SKIP LOCKED so that servers polling at once take different
// ones and a server killed mid-way leaves its message 'scheduled' for the next look. Its text is
// written from the meeting as it is now; then either it goes (a list reminder to 'queueing',
// for the send queuer to write its copies as for a host's send; a message to people with its
// copies written here, to 'queued') or, when its meeting is too near (a server was down, or
// the date was skipped), it is dropped. From then on the send ledger sends it once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows, type DbOrTx } from '../../core/database';
import { chapterEmail, displayTitle } from '../../core/summaries';
import { chapterTypes, mailingMessages } from '../../db/schema';
import type { ChapterRow, MailingMessageRow } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { ROLE } from '../../../common/constants';
import { COPY_TOKEN } from '../../mail/chapterMessage';
import { listReminderMail } from './mails/listReminder';
import { rsvpReminderMail } from './mails/rsvpReminder';
import { digestMail, type Guest } from './mails/digest';
import { chapterPath, loadMeeting, meetingOf } from './meetings';
import { dateFile } from './dateFile';
import type { MailContent } from './mails/meeting';

/** A list reminder goes only while its meeting is this far away; any other message, an hour. */
export const LIST_REMINDER_MIN_AHEAD_MS = 12 * 3_600_000;
export const MIN_AHEAD_MS = 3_600_000;
/** The page a copy's "I'm going" and cancel links open (a GET shows it; its button POSTs). */
export const GOING_PATH = '/going/';

export interface FireOptions {
  publicUrl: string;
  /** The chapter's built-in list id, or null (none, or its list is kept at Brevo). */
  listOf: (db: DbOrTx, chapter: ChapterRow) => Promise<number | null>;
}

export type Fired = 'queueing' | 'queued' | 'dropped' | null;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Addresses that get nothing: blocked or bounced anywhere, or off the chapter's own list. */
const mayMail = (email: SQL_, listId: number | null) =>
  sql`not exists (
        select 1 from mailing_list_contacts x
        where lower(x.email) = lower(${email})
          and (x.status in ('blocked', 'bounce')
               or (x.list_id = ${listId ?? 0} and x.status in ('unsub', 'deleted')))
      )`;
type SQL_ = ReturnType<typeof sql>;

/** Whether any message is due: one statement on the partial index, no transaction. */
async function anyDue(db: Db, now: Date): Promise<boolean> {
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from mailing_messages
        where status = 'scheduled' and scheduled_for <= ${ts(now)} limit 1`,
  );
  return found.length > 0;
}

/** Fires the next due message, if any; null when none is due (or all are being fired). */
export async function fireNext(db: Db, now: Date, options: FireOptions): Promise<Fired> {
  // Every server looks every poll and nearly every look finds nothing: asked on its own, that
  // answer is one round trip instead of a transaction's three. What is found is taken again
  // under its lock below, so a message another server fires meanwhile is skipped there.
  if (!(await anyDue(db, now))) return null;
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(mailingMessages)
      .where(sql`status = 'scheduled' and scheduled_for <= ${ts(now)}`)
      .orderBy(mailingMessages.scheduledFor, mailingMessages.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    return fire(tx, due, now, options);
  });
}

async function drop(tx: DbOrTx, id: number, now: Date): Promise<Fired> {
  await tx.execute(
    sql`update mailing_messages set status = 'dropped', finished_at = ${ts(now)} where id = ${id}`,
  );
  return 'dropped';
}

async function fire(
  tx: DbOrTx,
  due: MailingMessageRow,
  now: Date,
  options: FireOptions,
): Promise<Fired> {
  if (due.kind === 'notice') return fireToPeople(tx, due, now, null, null);
  const found =
    due.eventId !== null && due.occurrence !== null
      ? await loadMeeting(tx, due.eventId, due.occurrence, now)
      : null;
  const ahead = found ? found.scheduled.start.getTime() - now.getTime() : -1;
  const least = due.kind === 'reminder' ? LIST_REMINDER_MIN_AHEAD_MS : MIN_AHEAD_MS;
  if (!found || found.scheduled.status === 'cancelled' || ahead <= least) {
    return drop(tx, due.id, now);
  }
  const { chapter, event, scheduled, timeZone } = found;
  const meeting = meetingOf(options.publicUrl, chapter, event, scheduled, timeZone);
  const copyLink = `${options.publicUrl}${GOING_PATH}${COPY_TOKEN}`;
  const from = await sender(tx, chapter);
  const listId = await options.listOf(tx, chapter);
  if (due.kind === 'reminder') {
    if (listId === null) return drop(tx, due.id, now);
    const content = listReminderMail(meeting, copyLink);
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from mailing_list_contacts
          where list_id = ${listId} and status = 'active'`,
    );
    await tx.execute(
      sql`update mailing_messages
          set status = 'queueing', list_id = ${listId}, subject = ${content.subject},
              body = ${content.html}, from_name = ${from.fromName}, reply_to = ${from.replyTo},
              expected = ${Number(counted?.n ?? 0)}, created_at = ${ts(now)},
              starts_at = ${ts(scheduled.start)}
          where id = ${due.id}`,
    );
    return 'queueing';
  }
  if (due.kind === 'rsvpReminder') {
    const hours = Math.round(
      (scheduled.start.getTime() - (due.scheduledFor ?? now).getTime()) / 3_600_000,
    );
    const content = rsvpReminderMail(meeting, copyLink, hours);
    const calendar = await dateFile(tx, found, options.publicUrl, now, false);
    return fireToPeople(tx, { ...due, ...from, ...asText(content), calendar }, now, listId, {
      going: due.scheduledFor ?? now,
    });
  }
  // The hosts' digest.
  const people = await queryRows<Guest & { status: string }>(
    tx,
    sql`select name, guests, status from rsvps
        where event_id = ${event.id} and date = ${scheduled.date} and status in ('going', 'waitlisted')
        order by confirmed_at, id`,
  );
  const going = people.filter((p) => p.status === 'going');
  const when =
    ahead <= 24 * 3_600_000 && scheduled.meetsOn !== localToday(now, found.timeZone)
      ? 'Tomorrow'
      : 'Coming up';
  const hostsUrl = `${options.publicUrl}${chapterPath(chapter)}/admin/events/${event.slug}/dates/${scheduled.date}/guests`;
  const content = digestMail(meeting, going, people.length - going.length, when, hostsUrl);
  return fireToPeople(tx, { ...due, ...from, ...asText(content) }, now, listId, 'hosts');
}

function localToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const asText = (content: MailContent) => ({ subject: content.subject, body: content.html });

/** The chapter as a message's sender: its title, and its address for replies. */
export async function sender(tx: DbOrTx, chapter: ChapterRow) {
  const [type] = await tx
    .select()
    .from(chapterTypes)
    .where(eq(chapterTypes.id, chapter.chapterTypeId))
    .limit(1);
  return {
    fromName: displayTitle(chapter),
    replyTo: (type && chapterEmail(chapter, type)) || null,
  };
}

/**
 * A message to people (those going, or the hosts): its copies written now, each to an address
 * that may be mailed, then 'queued' for the send workers (or finished, with nobody to tell).
 * A notice was written whole when the date changed; it goes to everyone counted for the date.
 */
async function fireToPeople(
  tx: DbOrTx,
  due: Pick<
    MailingMessageRow,
    | 'id'
    | 'eventId'
    | 'occurrence'
    | 'subject'
    | 'body'
    | 'fromName'
    | 'replyTo'
    | 'chapterId'
    | 'calendar'
  >,
  now: Date,
  listId: number | null,
  who: { going: Date } | 'hosts' | null,
): Promise<Fired> {
  let recipients: SQL_;
  if (who === 'hosts') {
    recipients = sql`select u.email from permissions p join users u on u.id = p.user_id
                     where p.chapter_id = ${due.chapterId} and p.role_id = ${ROLE.chapterHost}`;
  } else if (who) {
    // Going, counted before the reminder's moment (one who said yes since has their
    // confirmation), and not sent the list's reminder for this date: one reminder an address.
    recipients = sql`select r.email from rsvps r
        where r.event_id = ${due.eventId} and r.date = ${due.occurrence} and r.status = 'going'
          and r.confirmed_at <= ${ts(who.going)}
          and not exists (
            select 1 from mailing_messages rm
            join mailing_deliveries rd on rd.message_id = rm.id
            join mailing_list_contacts rc on rc.id = rd.contact_id
            where rm.event_id = r.event_id and rm.occurrence = r.date and rm.kind = 'reminder'
              and rd.status in ('pending', 'sending', 'sent') and lower(rc.email) = lower(r.email)
          )`;
  } else {
    recipients = sql`select r.email from rsvps r
        where r.event_id = ${due.eventId} and r.date = ${due.occurrence}
          and r.status in ('going', 'waitlisted')`;
  }
  const written = await queryRows<{ n: number }>(
    tx,
    sql`with written as (
          insert into mailing_deliveries (message_id, email)
          select ${due.id}, t.email from (${recipients}) t
          where ${mayMail(sql`t.email`, listId)}
          on conflict (message_id, lower(email)) where contact_id is null do nothing
          returning 1
        )
        select count(*)::int as n from written`,
  );
  const n = Number(written[0]?.n ?? 0);
  await tx.execute(
    sql`update mailing_messages
        set status = ${n > 0 ? 'queued' : 'finished'}, subject = ${due.subject}, body = ${due.body},
            from_name = ${due.fromName}, reply_to = ${due.replyTo}, calendar = ${due.calendar},
            expected = ${n}, queued = ${n},
            created_at = ${ts(now)}, finished_at = ${n > 0 ? null : now.toISOString()}::timestamptz
        where id = ${due.id}`,
  );
  return 'queued';
}
