// A chapter's calendar feed, and one event's: one VEVENT per event and rule, repeating by RRULE
// from its first coming date, in the chapter's time zone with that zone's VTIMEZONE, so calendar
// apps show 7:00pm as 7:00pm all year. The same rules give the chapter page its dates
// (common/recurrence), and so do a host's skipped (EXDATE) and moved (RECURRENCE-ID) dates.
import ical, { ICalCalendarMethod, escape } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Db } from '../../db/client';
import type { User } from '../../../common/schemas/auth';
import type { ChapterEvent } from '../../../common/schemas/chapters';
import { eq, sql } from 'drizzle-orm';
import {
  dateOfEpochDay,
  epochDay,
  exceptionsByDate,
  firstDateOfRule,
  localDate,
  movedOccurrence,
  nextOccurrences,
  ruleMeetsOn,
  ruleSpecs,
  rruleText,
  type DateException,
} from '../../../common/recurrence';
import { addressLine, type PostalAddress } from '../../../common/address';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { chapterEvents, chapters } from '../../db/schema';
import { HttpError } from '../../core/httpError';
import { preparedPerDb } from '../../db/prepared';
import { getChapterMeetings } from '../chapters';
import { chapterState, displayTitle } from '../../core/summaries';
import type { ChapterRow, ChapterTypeRow } from '../../db/schema';

/** Wall-clock time as ical-generator reads it with a time zone set: no offset, no 'Z'. */
export const wallTime = (date: string, time: string) => `${date}T${time}:00`;

/** How long a meeting lasts, so a meeting that ends after midnight ends the next day. */
export function endDate(
  event: Pick<ChapterEvent, 'startTime' | 'endTime'>,
  startDate: string,
): string {
  return event.endTime > event.startTime ? startDate : dateOfEpochDay(epochDay(startDate) + 1);
}

export type Calendar = ReturnType<typeof ical>;

export interface FeedContext {
  /** '{type} Liberally {chapter}': the feed's name and the start of every summary. */
  title: string;
  url: string;
  timeZone: string;
  now: Date;
  host: string;
}

/**
 * RFC 5545 TEXT (3.3.11): backslash, semicolon and comma escaped, a line break as `\n`.
 * ical-generator escapes an event's text but writes the calendar's NAME, X-WR-CALNAME and
 * X-WR-CALDESC as given, so a line break in a chapter title would start a property (or a
 * calendar) of its own. It folds every line at 75 octets itself.
 */
const icalText = (text: string) => escape(text, false);

/** Path segments of a calendar's URL, which ical-generator writes as given: percent-encoded. */
export const uriPath = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

/**
 * An empty calendar: PUBLISH (a feed, a meeting's file) or CANCEL (a skipped date's file, which
 * takes the meeting back out of the calendars that took it).
 */
export function newCalendar(
  name: string,
  description: string,
  url: string,
  method: ICalCalendarMethod.PUBLISH | ICalCalendarMethod.CANCEL = ICalCalendarMethod.PUBLISH,
): Calendar {
  const calendar = ical({
    name: icalText(name),
    description: icalText(description),
    prodId: { company: 'Living Liberally', product: 'chapters', language: 'EN' },
    method,
    url,
    ttl: 60 * 60 * 12,
  });
  // No calendar-wide zone: ical-generator would then write DTSTAMP without its 'Z'. Each
  // event names its zone, and the generator adds that zone's VTIMEZONE.
  calendar.timezone({
    name: null,
    generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null,
  });
  return calendar;
}

/** What every VEVENT of an event says, whichever of its dates: summary, place, link, zone. */
export function eventCommon(
  event: Pick<ChapterEvent, 'name' | 'description' | 'lat' | 'lng'> & PostalAddress,
  feed: Pick<FeedContext, 'title' | 'url' | 'timeZone'>,
) {
  const address = addressLine(event);
  const location =
    event.lat && event.lng
      ? { title: event.name, address, geo: { lat: event.lat, lon: event.lng } }
      : [event.name, address].filter(Boolean).join(', ');
  return {
    summary: `${feed.title} at ${event.name}`,
    description: event.description || undefined,
    location,
    url: feed.url,
    timezone: feed.timeZone,
  };
}

/** EXDATE values are the skipped meetings' local start times, in the event's zone. */
const exdateStamp = (date: string, time: string) =>
  `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/**
 * One event into a calendar: a VEVENT per rule, repeating by RRULE from its first coming date.
 * A skipped date is an EXDATE of every rule that gives it; a moved one is an instance of its
 * first such rule with that date's RECURRENCE-ID (and an EXDATE of any other rule giving it).
 */
export function addEvent(
  calendar: Calendar,
  event: ChapterEvent,
  exceptions: readonly DateException[],
  feed: FeedContext,
): void {
  const { timeZone, now, host } = feed;
  const common = eventCommon(event, feed);
  if (event.isSingleDate) {
    if (!event.singleDate || nextOccurrences(event, timeZone, now, 1).length === 0) return;
    calendar.createEvent({
      ...common,
      id: `event-${event.id}@${host}`,
      start: wallTime(event.singleDate, event.startTime),
      end: wallTime(endDate(event, event.singleDate), event.endTime),
    });
    return;
  }
  const changed = [...exceptionsByDate(event, exceptions).values()];
  // From yesterday: a meeting that began last night may still be on.
  const from = dateOfEpochDay(epochDay(localDate(now, timeZone)) - 1);
  const specs = ruleSpecs(event).map((spec) => ({
    spec,
    first: firstDateOfRule(spec, event.dayOfWeekIndex, from),
  }));
  const owner = (date: string) =>
    specs.findIndex((r) => date >= r.first && ruleMeetsOn(r.spec, event.dayOfWeekIndex, date));
  specs.forEach(({ spec, first }, i) => {
    const excluded = changed
      .filter((x) => x.date >= first && ruleMeetsOn(spec, event.dayOfWeekIndex, x.date))
      .filter((x) => !x.movedTo || owner(x.date) !== i)
      .map((x) => exdateStamp(x.date, event.startTime));
    const lines = [
      `RRULE:${rruleText(spec, event.dayOfWeekIndex)}`,
      ...(excluded.length ? [`EXDATE;TZID=${timeZone}:${excluded.join(',')}`] : []),
    ];
    calendar.createEvent({
      ...common,
      id: `event-${event.id}-${i}@${host}`,
      start: wallTime(first, event.startTime),
      end: wallTime(endDate(event, first), event.endTime),
      repeating: lines.join('\n'),
    });
  });
  for (const x of changed) {
    if (!x.movedTo) continue;
    const moved = movedOccurrence({ ...x, movedTo: x.movedTo }, timeZone);
    if (moved.end <= now) continue;
    const i = owner(x.date);
    const note = [`Moved from ${x.date}.`, x.note].filter(Boolean).join(' ');
    calendar.createEvent({
      ...common,
      description: [note, event.description].filter(Boolean).join('\n\n'),
      // An instance of its rule's series; one moved from before the feed starts stands alone.
      id: i >= 0 ? `event-${event.id}-${i}@${host}` : `event-${event.id}-moved-${x.date}@${host}`,
      ...(i >= 0 ? { recurrenceId: wallTime(x.date, event.startTime) } : {}),
      start: wallTime(x.movedTo.date, x.movedTo.startTime),
      end: wallTime(endDate({ ...event, ...x.movedTo }, x.movedTo.date), x.movedTo.endTime),
    });
  }
}

/** A chapter's name, page and zone as every VEVENT of it carries them, in any feed. */
export function feedContextOf(
  chapter: Pick<ChapterRow, 'title' | 'city' | 'state' | 'slug'>,
  type: Pick<ChapterTypeRow, 'name'>,
  timeZone: string,
  now: Date,
  publicUrl: string,
): FeedContext {
  return {
    title: `${type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(chapter)}`,
    url: `${publicUrl}/chapter/${uriPath(chapterState(chapter.state).toLowerCase(), chapter.slug)}`,
    timeZone,
    now,
    host: new URL(publicUrl).hostname,
  };
}

async function chapterFeed(db: Db, user: User | null, slug: string, now: Date, publicUrl: string) {
  const { chapter, type, events, exceptions, timeZone } = await getChapterMeetings(
    db,
    user,
    slug,
    now,
  );
  const feed = feedContextOf(chapter, type, timeZone, now, publicUrl);
  return { chapterId: chapter.id, events, exceptions, feed };
}

/** A calendar's text, and what it was made of: its chapter, and every event of that chapter. */
export interface CalendarText {
  ics: string;
  chapterId: number;
  /** All the chapter's events, not only those written: any may set the chapter's time zone. */
  eventSlugs: string[];
}

/** The slug of the chapter an event belongs to (visibility is the chapter read's to judge). */
const chapterSlugOfEvent = preparedPerDb((db) =>
  db
    .select({ slug: chapters.slug })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(eq(chapterEvents.slug, sql.placeholder('eventSlug')))
    .limit(1)
    .prepare('calendar_chapter_slug_of_event'),
);

export async function chapterCalendar(
  db: Db,
  user: User | null,
  slug: string,
  publicUrl: string,
  now: Date,
): Promise<CalendarText> {
  const { chapterId, events, exceptions, feed } = await chapterFeed(db, user, slug, now, publicUrl);
  const calendar = newCalendar(feed.title, `Meetings of ${feed.title}`, feed.url);
  for (const event of events) {
    addEvent(calendar, event, exceptions.get(event.id) ?? [], feed);
  }
  return { ics: calendar.toString(), chapterId, eventSlugs: events.map((e) => e.slug) };
}

/** One event's own calendar: the same VEVENTs as in its chapter's feed, and its page's URL. */
export async function eventCalendar(
  db: Db,
  user: User | null,
  eventSlug: string,
  publicUrl: string,
  now: Date,
): Promise<CalendarText> {
  const [row] = await chapterSlugOfEvent(db).execute({ eventSlug });
  if (!row) throw new HttpError(404, 'Event not found.');
  // The chapter read applies the hidden-chapter rule; its 404 reads as the event's.
  const { chapterId, events, exceptions, feed } = await chapterFeed(
    db,
    user,
    row.slug,
    now,
    publicUrl,
  ).catch((err: unknown) => {
    throw err instanceof HttpError && err.statusCode === 404
      ? new HttpError(404, 'Event not found.')
      : err;
  });
  const event = events.find((e) => e.slug === eventSlug);
  if (!event) throw new HttpError(404, 'Event not found.');
  const url = `${feed.url}/events/${uriPath(event.slug)}`;
  const name = `${feed.title}: ${event.name}`;
  const calendar = newCalendar(name, `Meetings of ${feed.title} at ${event.name}`, url);
  addEvent(calendar, event, exceptions.get(event.id) ?? [], { ...feed, url });
  return { ics: calendar.toString(), chapterId, eventSlugs: events.map((e) => e.slug) };
}
