// A chapter's calendar feed: one VEVENT per event and rule, repeating by RRULE from its first
// coming date, in the chapter's time zone with that zone's VTIMEZONE, so calendar apps show
// 7:00pm as 7:00pm all year. The same rules give the chapter page its dates (common/recurrence).
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Db } from '../../db/client';
import type { User } from '../../../common/schemas/auth';
import type { ChapterEvent } from '../../../common/schemas/chapters';
import {
  dateOfEpochDay,
  epochDay,
  firstDateOfRule,
  localDate,
  nextOccurrences,
  ruleSpecs,
  rruleText,
} from '../../../common/recurrence';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { getChapterBySlug } from '../chapters/chapter';

/** Wall-clock time as ical-generator reads it with a time zone set: no offset, no 'Z'. */
const wallTime = (date: string, time: string) => `${date}T${time}:00`;

/** How long a meeting lasts, so a meeting that ends after midnight ends the next day. */
function endDate(event: ChapterEvent, startDate: string): string {
  return event.endTime > event.startTime ? startDate : dateOfEpochDay(epochDay(startDate) + 1);
}

export async function chapterCalendar(
  db: Db,
  user: User | null,
  slug: string,
  publicUrl: string,
  now: Date,
): Promise<string> {
  const chapter = await getChapterBySlug(db, user, slug);
  const title = `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX} ${chapter.displayTitle}`;
  const url = `${publicUrl}/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const calendar = ical({
    name: title,
    description: `Meetings of ${title}`,
    prodId: { company: 'Living Liberally', product: 'chapters', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url,
    ttl: 60 * 60 * 12,
  });
  // No calendar-wide zone: ical-generator would then write DTSTAMP without its 'Z'. Each
  // event names its zone, and the generator adds that zone's VTIMEZONE.
  calendar.timezone({
    name: null,
    generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null,
  });
  const today = localDate(now, chapter.timeZone);
  const host = new URL(publicUrl).hostname;

  for (const event of chapter.chapter_events) {
    const address = [event.address1, event.address2, event.city, event.state, event.postalCode]
      .filter(Boolean)
      .join(', ');
    const location =
      event.lat && event.lng
        ? { title: event.name, address, geo: { lat: event.lat, lon: event.lng } }
        : [event.name, address].filter(Boolean).join(', ');
    const common = {
      summary: `${title} at ${event.name}`,
      description: event.description || undefined,
      location,
      url,
      timezone: chapter.timeZone,
    };
    if (event.isSingleDate) {
      if (!event.singleDate || nextOccurrences(event, chapter.timeZone, now, 1).length === 0)
        continue;
      calendar.createEvent({
        ...common,
        id: `event-${event.id}@${host}`,
        start: wallTime(event.singleDate, event.startTime),
        end: wallTime(endDate(event, event.singleDate), event.endTime),
      });
      continue;
    }
    ruleSpecs(event).forEach((spec, i) => {
      // From yesterday: a meeting that began last night may still be on.
      const from = dateOfEpochDay(epochDay(today) - 1);
      const first = firstDateOfRule(spec, event.dayOfWeekIndex, from);
      calendar.createEvent({
        ...common,
        id: `event-${event.id}-${i}@${host}`,
        start: wallTime(first, event.startTime),
        end: wallTime(endDate(event, first), event.endTime),
        repeating: `RRULE:${rruleText(spec, event.dayOfWeekIndex)}`,
      });
    });
  }
  return calendar.toString();
}
