// What the schedule's tests (modules/reminders) share: an app whose Date the test sets and whose schedule looks
// only when told (MAIL_SCHEDULE_POLL_MS=0), a chapter with a built-in list and a weekly event
// (Thursdays 6-8pm in Brooklyn), people on the list and going, and the mail the outbox caught.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { addContacts, giveChapterList, setEmailService } from '../modules/mailing/testWorld';
import { addEvent, createRsvpWorld, setClock, type RsvpWorld } from '../modules/rsvps/testWorld';
import { chapters, mailOutbox, mailingDeliveries, mailingMessages, rsvps } from '../db/schema';
import type { ChapterEventRow, NewChapterRow } from '../db/schema';
import type { TestApp } from './chapterAdminWorld';

export { setClock };

export interface ReminderWorld extends RsvpWorld {
  listId: string;
  event: ChapterEventRow;
}

/** `env`: more of the app's settings (an SMTP_URL, for a test that reads the mail as sent). */
export async function createReminderWorld(
  env: Record<string, string> = {},
): Promise<ReminderWorld> {
  const world = await createRsvpWorld({ env: { MAIL_SCHEDULE_POLL_MS: '0', ...env } });
  const { t, w } = world;
  await setEmailService(t, 'bronto');
  const listId = await giveChapterList(t, w.chapter.id, 'Greenpoint list');
  const event = await addEvent(t, w.chapter.id);
  return { ...world, listId, event };
}

/** Going to `date` of the event, counted at `at`. */
export async function going(
  t: TestApp,
  eventId: number,
  date: string,
  email: string,
  at: Date,
  name = email.split('@')[0]!,
) {
  await t.db.insert(rsvps).values({ eventId, date, email, name, status: 'going', confirmedAt: at });
}

export async function addMembers(t: TestApp, listId: string, emails: string[], status = 'active') {
  await addContacts(t, listId, emails, status);
}

/** One look of the schedule, then everything it queued sent. */
export async function lookAndSend(t: TestApp): Promise<number> {
  // The queuer and the worker start with the app.
  await t.app.ready();
  const fired = await t.app.mailSchedule.look();
  await t.app.sendQueuer.idle();
  // Every unfinished copy sent: the worker polls on real timers.
  for (let i = 0; i < 800; i++) {
    const [row] = await t.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from mailing_deliveries where status in ('pending', 'sending')`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    if (Number(row?.n ?? 0) === 0) break;
    t.app.sendWorker.wake();
    await new Promise((r) => setTimeout(r, 25));
  }
  return fired;
}

/** The mail the outbox caught whose subject starts so, by recipient. */
export async function mailTo(t: TestApp, subjectStart: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `${subjectStart}%`))
    .orderBy(asc(mailOutbox.to));
}

export async function messagesOf(t: TestApp, chapterId: number, kind?: string) {
  return t.db
    .select()
    .from(mailingMessages)
    .where(
      and(
        eq(mailingMessages.chapterId, chapterId),
        kind ? eq(mailingMessages.kind, kind as 'reminder') : undefined,
      ),
    )
    .orderBy(asc(mailingMessages.scheduledFor), asc(mailingMessages.id));
}

export async function copiesOf(t: TestApp, messageId: number) {
  return t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.messageId, messageId));
}

export async function setReminders(
  t: TestApp,
  chapterId: number,
  values: Partial<
    Pick<
      NewChapterRow,
      'reminderDaysBefore' | 'reminderHour' | 'rsvpReminderHours' | 'hostDigestHours'
    >
  >,
) {
  await t.db.update(chapters).set(values).where(eq(chapters.id, chapterId));
}

/** The host's change of one date of an event (a skip or a move), as the dates screen sends it. */
export const changeDate = (
  world: ReminderWorld,
  event: ChapterEventRow,
  date: string,
  payload: object,
) =>
  world.t.app.inject({
    method: 'PUT',
    url: `/api/chapter_event/slug/${event.slug}/dates/${date}`,
    headers: { cookie: world.w.cookies.host! },
    payload,
  });

/** The host moves one date of an event to another day or time. */
export const moveDate = (
  world: ReminderWorld,
  event: ChapterEventRow,
  date: string,
  movedTo: { date: string; startTime: string; endTime: string },
) => changeDate(world, event, date, { status: 'moved', note: '', movedTo });
