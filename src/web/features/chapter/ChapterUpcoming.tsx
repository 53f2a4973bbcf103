import { Link } from 'react-router';
import { addressLine } from '../../../common/address';
import { MAP } from '../../../common/constants';
import { formatMediumDate, formatTime } from '../../../common/format';
import type { Chapter, ChapterEvent, UpcomingDate } from '../../../common/schemas/chapters';
import { LazyChapterMap } from '../../components/map/LazyChapterMap';
import { ChapterPinPopup } from './ChapterPinPopup';

type Dated = UpcomingDate & { event: ChapterEvent };

/** A moved meeting keeps the times of the date it moved to. */
const timesOf = (d: Dated) => ({
  startTime: d.startTime ?? d.event.startTime,
  endTime: d.endTime ?? d.event.endTime,
});

function MovedNote({ date }: { date: Dated }) {
  if (!date.movedFrom) return null;
  return (
    <span className="badge text-bg-info ms-2 fw-normal">
      Moved from {formatMediumDate(date.movedFrom)}
      {date.note ? `: ${date.note}` : ''}
    </span>
  );
}

/** The next four meetings (spec 1 §2): the first as Next Event with its map, then the rest. */
export function ChapterUpcoming({ chapter }: { chapter: Chapter }) {
  const events = new Map(chapter.chapter_events.map((e) => [e.id, e]));
  const dates = chapter.upcoming.flatMap((u) => {
    const event = events.get(u.eventId);
    return event ? [{ ...u, event }] : [];
  });
  const [next, ...more] = dates;
  const calendar = `/api/chapter_calendar/${chapter.slug}/events.ics`;
  return (
    <section aria-labelledby="next-event-title" className="mb-4">
      <h2 id="next-event-title" className="h4">
        Next Event
      </h2>
      {!next && <p>No meetings are scheduled right now.</p>}
      {next && (
        <div className="mb-3">
          <p className="fs-5 mb-1">
            <strong>{formatMediumDate(next.date)}</strong>, {formatTime(timesOf(next).startTime)}–
            {formatTime(timesOf(next).endTime)}
            <MovedNote date={next} />
          </p>
          <p className="mb-1">
            <strong>
              <Link
                to={`/chapter/${chapter.state.toLowerCase()}/${chapter.slug}/events/${next.event.slug}`}
              >
                {next.event.name}
              </Link>
            </strong>
            <br />
            {addressLine(next.event)}
          </p>
          {next.event.description && (
            <p className="text-body-secondary">{next.event.description}</p>
          )}
          {next.event.lat !== 0 && next.event.lng !== 0 && (
            <LazyChapterMap
              size="short"
              view={{ center: [next.event.lat, next.event.lng], zoom: MAP.chapterZoom }}
              pins={[
                {
                  key: 'next',
                  lat: next.event.lat,
                  lng: next.event.lng,
                  chapterTypeId: chapter.chapterTypeId,
                  label: next.event.name,
                  popup: <ChapterPinPopup chapter={chapter} event={next.event} date={next.date} />,
                },
              ]}
              label={`Map of ${next.event.name}`}
            />
          )}
        </div>
      )}
      {more.length > 0 && (
        <>
          <h3 className="h5">More Upcoming Events</h3>
          <ul className="list-unstyled upcoming-dates">
            {more.map((d) => (
              <li key={`${d.eventId}-${d.date}`}>
                {formatMediumDate(d.date)}, {formatTime(timesOf(d).startTime)}–
                {formatTime(timesOf(d).endTime)} at {d.event.name}
                <MovedNote date={d} />
              </li>
            ))}
          </ul>
        </>
      )}
      {chapter.chapter_events.length > 0 && (
        <a href={calendar} className="btn btn-outline-primary btn-sm" download>
          Add to your calendar (.ics)
        </a>
      )}
    </section>
  );
}
