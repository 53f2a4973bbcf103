import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { addressLine } from '../../../common/address';
import { CHAPTER_TYPE_SUFFIX, MAP } from '../../../common/constants';
import { eventPageSchema } from '../../answerSchemas';
import { ApiError, apiGet } from '../../api';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { LazyChapterMap } from '../../components/map/LazyChapterMap';
import { AddToCalendarMenu } from '../../components/calendar/AddToCalendarMenu';
import { useReaderKey } from '../../hooks/useReaderKey';
import { ChapterTypeBadge } from '../../components/cards/ChapterTypeBadge';
import { MeetingCard } from '../../components/cards/MeetingCard';
import { directionsUrl, geoUri } from './directions';
import { EventDateList, MovedFrom, type RsvpTarget } from './EventDateList';
import { GoingCount } from '../../components/rsvp/GoingCount';
import { RsvpButton } from '../../components/rsvp/RsvpButton';
import {
  chapterRecurrenceText,
  dateWithWeekday,
  recurrenceText,
} from '../../../common/eventSchedule';
import { ChapterBreadcrumb } from '../../components/ChapterBreadcrumb';
import { EventChapterParts } from './EventChapterParts';
import { useChapterBySlug } from '../../hooks/useChapterBySlug';

/**
 * An event that is not on the site (issue 35): its chapter's page when the chapter is there, for
 * a link kept from a meeting that has since moved or ended.
 */
function EventMissing({ state, slug }: { state: string; slug: string }) {
  const chapter = useChapterBySlug(slug);
  const found = chapter.data;
  return (
    <section className="py-4" aria-labelledby="event-missing-title">
      <h1 id="event-missing-title">Event not found</h1>
      <p className="lead">This event is not on the site.</p>
      {found && (
        <p>
          <Link to={`/chapter/${found.state.toLowerCase()}/${found.slug}`}>
            See {found.displayTitle}&rsquo;s meetings
          </Link>
        </p>
      )}
      {!found && state && !chapter.isPending && (
        <p>
          <Link to="/">Find a chapter near you</Link>
        </p>
      )}
    </section>
  );
}

/**
 * One event's own page: when it meets in words, its next dates (skipped and moved ones marked),
 * where it is with a map and directions, and its own calendar file. A hidden chapter's event is
 * a 404 to anyone without host access, as the chapter is.
 */
export function EventPage() {
  const { state = '', slug = '', eventSlug = '' } = useParams();
  const readerKey = useReaderKey();
  const query = useQuery({
    queryKey: readerKey(['chapter-event-page', eventSlug]),
    queryFn: () =>
      apiGet(
        `/api/chapter_event/slug/${encodeURIComponent(eventSlug)}/page`,
        !import.meta.env?.PROD && eventPageSchema,
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  // The chapter's join box and hosts, once the event is there (the first screen carries both):
  // a hidden chapter's address would only answer 404 to a visitor.
  const chapterQuery = useChapterBySlug(query.isSuccess ? slug : '');
  if (query.isPending) return <PageSpinner label="Loading the event..." />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return missing ? (
      <EventMissing state={state} slug={slug} />
    ) : (
      <LoadFailedAlert what="event" onRetry={() => void query.refetch()} />
    );
  }
  const event = query.data;
  const { chapter } = event;
  const chapterPath = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const path = `${chapterPath}/events/${event.slug}`;
  // One address per event: another chapter or state in the link goes to the event's own.
  if (state.toLowerCase() !== chapter.state.toLowerCase() || slug !== chapter.slug) {
    return <Navigate to={path} replace />;
  }
  const placed = event.lat !== 0 && event.lng !== 0;
  const calendar = `/api/chapter_calendar/event/${encodeURIComponent(event.slug)}/event.ics`;
  const nextMeeting = event.dates.find((d) => d.status !== 'cancelled') ?? null;
  // The next meeting is shown once, on its card; the list holds the dates around it.
  const otherDates = event.dates.filter((d) => d !== nextMeeting);
  // 'Drinking Liberally Upper West Side at The Dead Poet': the page's heading, its title drawn
  // by the server (seo/meta.ts) and the calendar entry's (issue 35).
  const fullName = `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX} ${chapter.displayTitle} at ${event.name}`;
  const meetingText = {
    title: fullName,
    location: [event.name, addressLine(event)].filter(Boolean).join(', '),
    details: event.description,
  };
  const rsvp: RsvpTarget = {
    eventSlug: event.slug,
    chapterName: chapter.displayTitle,
    maxGuests: event.maxGuests,
    capacity: event.capacity,
  };
  const calendarMenu = (
    <AddToCalendarMenu
      id="event-add-to-calendar"
      occurrence={nextMeeting && { ...meetingText, path, when: nextMeeting }}
      icsPath={calendar}
      feedPath={`/api/chapter_calendar/${encodeURIComponent(chapter.slug)}/events.ics`}
      repeats={recurrenceText(event)}
      feedRepeats={
        chapterQuery.data ? chapterRecurrenceText(chapterQuery.data.chapter_events) : undefined
      }
    />
  );
  return (
    <article aria-labelledby="event-title" className="event-page">
      <ChapterBreadcrumb chapter={chapter} here={event.name} />
      <header className="mb-3">
        <h1 id="event-title" className="mb-1">
          {fullName}
        </h1>
        <p className="mb-0 d-flex flex-wrap align-items-center column-gap-2">
          <ChapterTypeBadge type={chapter.chapter_type} />{' '}
          <Link to={chapterPath}>{chapter.displayTitle}</Link>
          {chapter.status !== 1 && (
            <span className="badge text-bg-secondary ms-2">Hidden: only hosts see this page</span>
          )}
        </p>
      </header>
      <div className="row g-4">
        <div className="col-lg-7">
          <section aria-labelledby="when-title" className="mb-4">
            <h2 id="when-title" className="h4">
              When
            </h2>
            {nextMeeting && <h3 className="h6 text-body-secondary mb-2">Next meeting</h3>}
            {nextMeeting && (
              <MeetingCard
                className="mb-3"
                typeId={chapter.chapterTypeId}
                meeting={{
                  date: nextMeeting.meetsOn,
                  startTime: nextMeeting.startTime,
                  endTime: nextMeeting.endTime,
                  start: nextMeeting.start,
                  timeZone: event.timeZone,
                  name: event.name,
                  place: addressLine(event),
                }}
              >
                {nextMeeting.status === 'moved' && (
                  <div>
                    <MovedFrom date={nextMeeting} className="" />
                  </div>
                )}
                {nextMeeting.note && (
                  <div className="small text-body-secondary">{nextMeeting.note}</div>
                )}
                <div className="mt-2 d-flex flex-wrap align-items-center gap-2">
                  <RsvpButton
                    date={{ eventSlug: event.slug, date: nextMeeting.date }}
                    when={dateWithWeekday(nextMeeting.meetsOn)}
                    chapterName={chapter.displayTitle}
                    maxGuests={event.maxGuests}
                  />
                  <GoingCount
                    date={{ eventSlug: event.slug, date: nextMeeting.date }}
                    known={{ going: nextMeeting.going, capacity: event.capacity }}
                  />
                </div>
                <div className="mt-2">{calendarMenu}</div>
              </MeetingCard>
            )}
            <p className="fs-5 mb-1 event-schedule">{event.schedule}</p>
            {event.description && <p className="text-body-secondary">{event.description}</p>}
            {(!nextMeeting || otherDates.length > 0) && (
              <>
                <h3 className="h5 mt-3">{nextMeeting ? 'More dates' : 'Next dates'}</h3>
                <EventDateList dates={otherDates} timeZone={event.timeZone} rsvp={rsvp} />
              </>
            )}
            {!nextMeeting && calendarMenu}
          </section>
        </div>
        <div className="col-lg-5">
          <section aria-labelledby="where-title">
            <h2 id="where-title" className="h4">
              Where
            </h2>
            <address className="mb-2">
              <strong>{event.name}</strong>
              <br />
              {addressLine(event)}
            </address>
            {placed && (
              <LazyChapterMap
                size="short"
                view={{ center: [event.lat, event.lng], zoom: MAP.chapterZoom }}
                pins={[
                  {
                    key: event.slug,
                    lat: event.lat,
                    lng: event.lng,
                    chapterTypeId: chapter.chapterTypeId,
                    label: event.name,
                  },
                ]}
                label={`Map of ${event.name}`}
              />
            )}
            <p className="d-flex flex-wrap gap-2 mt-2">
              <a
                href={directionsUrl(event)}
                className="btn btn-primary btn-sm"
                target="_blank"
                rel="noopener noreferrer"
              >
                Directions (OpenStreetMap)
              </a>
              <a href={geoUri(event)} className="btn btn-outline-secondary btn-sm d-md-none">
                Open in your maps app
              </a>
            </p>
          </section>
          <EventChapterParts query={chapterQuery} />
        </div>
      </div>
    </article>
  );
}
