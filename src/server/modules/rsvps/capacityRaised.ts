// An event saved with more room (a higher cap, or none): those waiting at its coming dates move
// up as they would on a cancellation, each told by mail. A lower cap moves nobody down: people
// told they are going stay going (the host sees the count over the cap on the guest list).
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppInstance } from '../../appInstance';
import { chapterEvents, chapters, rsvps } from '../../db/schema';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { exceptionCutoff } from '../../core/exceptions';
import { dateOfEvent, isPast } from './dates';
import { lockDate, moveUp } from './place';
import { tellMovedUp } from './tell';

/** Moves up whoever now fits at the event's coming dates; answers how many moved. */
export async function moveUpAfterSave(
  app: AppInstance,
  log: Pick<FastifyBaseLogger, 'warn'>,
  eventId: number,
  now = new Date(),
): Promise<number> {
  const { db } = app;
  const [row] = await db
    .select({ event: chapterEvents, chapter: chapters })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(eq(chapterEvents.id, eventId));
  if (!row) return 0;
  const { event, chapter } = row;
  const waiting = await db
    .selectDistinct({ date: rsvps.date })
    .from(rsvps)
    .where(
      and(
        eq(rsvps.eventId, eventId),
        eq(rsvps.status, 'waitlisted'),
        gte(rsvps.date, sql`${exceptionCutoff(now)}::date`),
      ),
    );
  const teller = { db, mailer: app.mailer, publicUrl: app.config.publicUrl, log };
  let count = 0;
  for (const { date } of waiting) {
    const dated = await dateOfEvent(db, event, chapter, date, now).catch(() => null);
    if (!dated || dated.scheduled.status === 'cancelled' || isPast(dated.scheduled, now)) continue;
    const moved = await db.transaction(async (tx) => {
      await lockDate(tx, event.id, date);
      return moveUp(tx, event.capacity, event.id, date);
    });
    await tellMovedUp(teller, { event, chapter, scheduled: dated.scheduled }, moved);
    count += moved.length;
  }
  if (count > 0) await forgetAnswers(app, changed.rsvps(event.slug));
  return count;
}
