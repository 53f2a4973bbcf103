// One date of an event as a calendar file of its own, attached to the mail to those going
// (issue 34): the VEVENT the event's feed writes (./service.ts), for that one date, under a UID
// of its own per event and date. A calendar app that took the reminder's file then updates that
// entry when a notice brings the date's new day, time or place (a higher SEQUENCE), or takes it
// out when the host skips the date (METHOD:CANCEL), instead of adding a second one.
import { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { ScheduledDate } from '../../../common/eventSchedule';
import type { ChapterEventRow } from '../../db/schema';
import { endDate, eventCommon, newCalendar, uriPath, wallTime, type FeedContext } from './service';

export interface OneDate {
  event: ChapterEventRow;
  /** The date as it stands: `date` is the rule's (it names the entry), `meetsOn` where it meets. */
  scheduled: Pick<ScheduledDate, 'date' | 'meetsOn' | 'startTime' | 'endTime' | 'status' | 'note'>;
  feed: FeedContext;
  /** 0 for the first file of a date; one more for each change told since. */
  sequence: number;
}

/** The entry's UID: the same in every file about this date of this event. */
export const dateUid = (eventId: number, date: string, host: string) =>
  `event-${eventId}-on-${date}@${host}`;

export function dateCalendar({ event, scheduled, feed, sequence }: OneDate): string {
  const cancelled = scheduled.status === 'cancelled';
  const url = `${feed.url}/events/${uriPath(event.slug)}`;
  const calendar = newCalendar(
    `${feed.title}: ${event.name}`,
    `${feed.title} at ${event.name}, ${scheduled.meetsOn}`,
    url,
    cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  );
  const common = eventCommon(event, { ...feed, url });
  calendar.createEvent({
    ...common,
    description: [scheduled.note.trim(), event.description].filter(Boolean).join('\n\n') || null,
    id: dateUid(event.id, scheduled.date, feed.host),
    sequence,
    stamp: feed.now,
    start: wallTime(scheduled.meetsOn, scheduled.startTime),
    end: wallTime(endDate(scheduled, scheduled.meetsOn), scheduled.endTime),
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
  });
  return calendar.toString();
}
