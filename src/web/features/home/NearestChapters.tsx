import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { distanceKm, KM_PER_MILE } from '../../../common/geo';
import { formatMediumDate, formatTime } from '../../../common/format';
import type { ChapterMapPin } from '../../../common/schemas/chapterMap';
import { InlineRetry } from '../../components/InlineRetry';
import { useChapterById } from '../chapter/useChapterById';
import type { Place } from './PlaceSearch';

const SHOWN = 5;

function distanceText(km: number): string {
  const miles = km / KM_PER_MILE;
  const round = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
  return `${round(miles)} mi (${round(km)} km)`;
}

/** One of the nearest: the map's pin names it at once; its page and next meeting load. */
function NearestChapter({ pin, km }: { pin: ChapterMapPin; km: number }) {
  const query = useChapterById(pin.id);
  const name = `${pin.typeName} Liberally ${pin.displayTitle}`;
  const chapter = query.data;
  const next = chapter?.upcoming[0];
  const event = next && chapter?.chapter_events.find((e) => e.id === next.eventId);
  return (
    <li className="list-group-item d-flex flex-wrap gap-2">
      <div className="me-auto">
        {chapter ? (
          <Link
            to={`/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`}
            className="fw-semibold"
          >
            {name}
          </Link>
        ) : (
          <span className="fw-semibold">{name}</span>
        )}
        <div className="small">
          {query.isPending && (
            <span role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" /> Loading its next
              meeting...
            </span>
          )}
          {query.isError && (
            <InlineRetry what="next meeting" onRetry={() => void query.refetch()} />
          )}
          {next && event && (
            <>
              Next: {formatMediumDate(next.date)}, {formatTime(next.startTime ?? event.startTime)}{' '}
              at {event.name}, {event.city}
            </>
          )}
          {chapter && !event && 'No meeting is planned at the moment.'}
        </div>
      </div>
      <span className="small text-body-secondary">{distanceText(km)}</span>
    </li>
  );
}

/**
 * After a search: the chapters nearest the place, with how far and when they next meet. Also
 * the way to browse the map by keyboard or screen reader: a list, not a Tab stop per pin.
 */
export function NearestChapters({ place, pins }: { place: Place; pins: readonly ChapterMapPin[] }) {
  const nearest = pins
    .map((pin) => ({ pin, km: distanceKm(place, pin) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, SHOWN);
  return (
    <section aria-labelledby="nearest-title" className="mt-3">
      <h2 id="nearest-title" className="h5">
        Chapters nearest {place.label}
      </h2>
      {nearest.length === 0 ? (
        <p>No chapter meets anywhere yet.</p>
      ) : (
        <ol className="list-group list-group-numbered">
          {nearest.map(({ pin, km }) => (
            <NearestChapter key={pin.id} pin={pin} km={km} />
          ))}
        </ol>
      )}
    </section>
  );
}
