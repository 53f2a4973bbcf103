// schema.org Events for a chapter's upcoming meetings and an event page's dates, so search
// engines can show them.
import type { Chapter, ChapterEvent } from '../../../common/schemas/chapters';
import type { EventPage } from '../../../common/schemas/eventDates';
import { addressRegion } from '../../../common/address';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { zonedInstant } from '../../../common/recurrence';

/** One Event per coming meeting the chapter page lists (its `upcoming` dates). */
export function chapterEventsJsonLd(chapter: Chapter, chapterUrl: string): object[] {
  const organizer = {
    '@type': 'Organization',
    name: `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX} ${chapter.displayTitle}`,
    url: chapterUrl,
  };
  const eventsById = new Map(chapter.chapter_events.map((e) => [e.id, e]));
  return chapter.upcoming
    .flatMap(({ eventId, start, end, going }) => {
      const event = eventsById.get(eventId);
      return event ? [{ event, start, end, going }] : [];
    })
    .map(({ event, start, end, going }) => ({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: `${organizer.name} at ${event.name}`,
      ...(event.description ? { description: event.description } : {}),
      startDate: start,
      endDate: end,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      isAccessibleForFree: true,
      ...capacityOf(event, going),
      url: chapterUrl,
      organizer,
      location: placeOf(event),
    }));
}

/**
 * One Event per coming date of an event's own page: a skipped date as EventCancelled, a moved
 * one as EventRescheduled with the start its rule gave as previousStartDate.
 */
export function eventPageJsonLd(page: EventPage, pageUrl: string, chapterUrl: string): object[] {
  const organizer = {
    '@type': 'Organization',
    name: `${page.chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX} ${page.chapter.displayTitle}`,
    url: chapterUrl,
  };
  const ruleStart = (date: string) =>
    zonedInstant(date, page.startTime, page.timeZone).toISOString();
  return page.dates.map((d) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: `${organizer.name} at ${page.name}`,
    ...(page.description ? { description: page.description } : {}),
    startDate: d.start,
    endDate: d.end,
    eventStatus: `https://schema.org/${EVENT_STATUS[d.status]}`,
    ...(d.status === 'moved' ? { previousStartDate: ruleStart(d.date) } : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    isAccessibleForFree: true,
    ...capacityOf(page, d.going),
    url: pageUrl,
    organizer,
    location: placeOf(page),
  }));
}

/**
 * Where the event has a cap: how many it takes, and how many places are left once those going
 * (as the answer counted them, its TTL old at most) are in.
 */
function capacityOf(event: Pick<ChapterEvent, 'capacity'>, going = 0) {
  if (event.capacity === null) return {};
  return {
    maximumAttendeeCapacity: event.capacity,
    remainingAttendeeCapacity: Math.max(0, event.capacity - going),
  };
}

const EVENT_STATUS = {
  scheduled: 'EventScheduled',
  cancelled: 'EventCancelled',
  moved: 'EventRescheduled',
} as const;

function placeOf(event: ChapterEvent) {
  return {
    '@type': 'Place',
    name: event.name,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [event.address1, event.address2].filter(Boolean).join(', '),
      addressLocality: event.city,
      // Absent, not 'INT', for an address outside the US.
      addressRegion: addressRegion(event.state) || undefined,
      postalCode: event.postalCode,
      addressCountry: event.country,
    },
    ...(event.lat && event.lng
      ? { geo: { '@type': 'GeoCoordinates', latitude: event.lat, longitude: event.lng } }
      : {}),
  };
}
