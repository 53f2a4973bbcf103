import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cityLine, streetLine } from '../../../../common/address';
import { formatMediumDate, formatTime } from '../../../../common/format';
import { frequencyText } from '../../../../common/frequencyText';
import type { ChapterEvent } from '../../../../common/schemas/chapters';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { useAdminChapter } from '../useAdminChapter';
import { EventDatesList } from './EventDatesList';
import { useChangeDate, useEventDates } from './useEventDates';

/**
 * Spec 2 §2 Events: the chapter's events, each with an Edit link and its coming dates (skip or
 * move one, or undo that), and Add Event.
 */
export function EventsScreen() {
  const { chapter, base, publicPath } = useAdminChapter();
  const events = chapter.chapter_events;
  const dates = useEventDates(chapter.id);
  const change = useChangeDate(chapter.id);
  return (
    <section aria-labelledby="events-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="events-title" className="h2 mb-0 me-auto">
          Events
        </h1>
        <Link to={`${base}/events/add`} className="btn btn-primary">
          Add Event
        </Link>
      </div>
      {dates.isError && (
        <LoadFailedAlert what="coming dates" onRetry={() => void dates.refetch()} />
      )}
      {events.length === 0 ? (
        <div className="card card-body">
          <p className="mb-0">
            This chapter has no events yet. Add one and it shows on the chapter page, the map and
            the chapter calendar.
          </p>
        </div>
      ) : (
        <ul className="list-unstyled">
          {events.map((event) => (
            <EventItem
              key={event.slug}
              event={event}
              editPath={`${base}/events/edit/${event.slug}`}
              pagePath={`${publicPath}/events/${event.slug}`}
            >
              <EventDatesList
                event={event}
                dates={dates.data?.find((d) => d.eventId === event.id)}
                change={change}
                datesPath={`${base}/events/${encodeURIComponent(event.slug)}/dates`}
              />
            </EventItem>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventItem({
  event,
  editPath,
  pagePath,
  children,
}: {
  event: ChapterEvent;
  editPath: string;
  pagePath: string;
  children: ReactNode;
}) {
  const street = streetLine(event);
  const place = cityLine(event);
  return (
    <li className="card mb-3">
      <div className="card-body d-flex flex-wrap gap-2 align-items-start">
        <div className="me-auto">
          <h2 className="h5 mb-1">{event.name}</h2>
          <p className="mb-1">
            {street}
            {street && place && <br />}
            {place}
          </p>
          <p className="mb-0">
            <strong>{frequencyText(event, formatMediumDate)}</strong>,{' '}
            <span className="text-nowrap">
              {formatTime(event.startTime)}–{formatTime(event.endTime)}
            </span>
          </p>
        </div>
        <div className="d-flex gap-2">
          <Link
            to={pagePath}
            className="btn btn-outline-secondary btn-sm"
            aria-label={`View the public page of ${event.name}`}
          >
            View
          </Link>
          <Link
            to={editPath}
            className="btn btn-outline-primary btn-sm"
            aria-label={`Edit ${event.name}`}
          >
            Edit
          </Link>
        </div>
        <div className="w-100">{children}</div>
      </div>
    </li>
  );
}
