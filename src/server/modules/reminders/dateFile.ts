// The calendar file a message to those going carries (issue 34, item 2): the date as it stands
// when the message is written, kept with the message (mailing_messages.calendar) and attached
// to each copy as the send worker sends it. Its SEQUENCE counts the notices of a change to this
// date written before it, so the file of a later change always supersedes an earlier one's.
import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../core/database';
import { chapterTypes } from '../../db/schema';
import type { ChapterEventRow, ChapterRow } from '../../db/schema';
import type { ScheduledDate } from '../../../common/eventSchedule';
import { dateCalendar, feedContextOf } from '../calendar';

export interface DateAsItStands {
  chapter: ChapterRow;
  event: ChapterEventRow;
  timeZone: string;
  scheduled: ScheduledDate;
}

/**
 * The date's calendar file. `change`: written for a notice of a change (not yet in the ledger),
 * which counts as one more than those before it.
 */
export async function dateFile(
  db: DbOrTx,
  found: DateAsItStands,
  publicUrl: string,
  now: Date,
  change: boolean,
): Promise<string> {
  const { chapter, event, timeZone, scheduled } = found;
  const [type] = await db
    .select({ name: chapterTypes.name })
    .from(chapterTypes)
    .where(eq(chapterTypes.id, chapter.chapterTypeId))
    .limit(1);
  const [told] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mailing_messages
        where event_id = ${event.id} and occurrence = ${scheduled.date} and kind = 'notice'`,
  );
  return dateCalendar({
    event,
    scheduled,
    feed: feedContextOf(chapter, { name: type?.name ?? '' }, timeZone, now, publicUrl),
    sequence: Number(told?.n ?? 0) + (change ? 1 : 0),
  });
}
