// schema.org Events for a chapter's upcoming meetings, so search engines can show them.
import type { Chapter } from '../../../common/schemas/chapters';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';

/** One Event per coming meeting the chapter page lists (its `upcoming` dates). */
export function chapterEventsJsonLd(chapter: Chapter, chapterUrl: string): object[] {
  const organizer = {
    '@type': 'Organization',
    name: `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX} ${chapter.displayTitle}`,
    url: chapterUrl,
  };
  const eventsById = new Map(chapter.chapter_events.map((e) => [e.id, e]));
  return chapter.upcoming
    .flatMap(({ eventId, start, end }) => {
      const event = eventsById.get(eventId);
      return event ? [{ event, start, end }] : [];
    })
    .map(({ event, start, end }) => ({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: `${organizer.name} at ${event.name}`,
      ...(event.description ? { description: event.description } : {}),
      startDate: start,
      endDate: end,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      isAccessibleForFree: true,
      url: chapterUrl,
      organizer,
      location: {
        '@type': 'Place',
        name: event.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: [event.address1, event.address2].filter(Boolean).join(', '),
          addressLocality: event.city,
          addressRegion: event.state,
          postalCode: event.postalCode,
          addressCountry: event.country,
        },
        ...(event.lat && event.lng
          ? { geo: { '@type': 'GeoCoordinates', latitude: event.lat, longitude: event.lng } }
          : {}),
      },
    }));
}
