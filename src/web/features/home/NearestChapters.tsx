import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { addressLine } from '../../../common/address';
import { KM_PER_MILE } from '../../../common/geo';
import { startChapterPath } from '../../../common/schemas/applicationForm';
import { placeOfLabel } from './placeOfLabel';
import type { ChapterMapPin } from '../../../common/schemas/chapterMap';
import { DateTile } from '../../components/cards/DateTile';
import { ChapterTypeBadge } from '../../components/cards/ChapterTypeBadge';
import { InlineRetry } from '../../components/InlineRetry';
import { useChapterById } from '../../hooks/useChapterById';
import type { Place } from './PlaceSearch';

export interface Nearby {
  pin: ChapterMapPin;
  km: number;
}

function distanceText(km: number): string {
  const miles = km / KM_PER_MILE;
  const round = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
  return `${round(miles)} mi (${round(km)} km)`;
}

/** Past this, the nearest chapter is too far for an evening out (issue 35): 100 mi. */
const FAR_KM = 100 * KM_PER_MILE;

/** The nearest chapter is far: say so, and offer to start one where the visitor is. */
function FarFromEveryChapter({ place, km }: { place: Place; km: number }) {
  const prefill = placeOfLabel(place.label);
  return (
    <div className="alert alert-info far-from-chapters" role="status">
      <p className="mb-2">
        The nearest chapter is {distanceText(km)} from {place.label}.
      </p>
      <Link to={startChapterPath(prefill)} className="btn btn-primary btn-sm">
        {prefill.city ? `Start a chapter in ${prefill.city}` : 'Start a chapter near you'}
      </Link>
    </div>
  );
}

/** One of the nearest: the map's pin names it at once; its page and next meeting load. */
function NearestChapter({ pin, km }: Nearby) {
  const query = useChapterById(pin.id);
  const chapter = query.data;
  const next = chapter?.upcoming[0];
  const event = next && chapter?.chapter_events.find((e) => e.id === next.eventId);
  const base = chapter && `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  return (
    <li className={`list-group-item nearest-chapter chapter-card-type-${pin.chapterTypeId}`}>
      {next && event ? (
        <DateTile
          date={next.date}
          startTime={next.startTime ?? event.startTime}
          typeId={pin.chapterTypeId}
          start={next.start}
          timeZone={chapter.timeZone}
        />
      ) : (
        <span className="date-tile date-tile-empty" aria-hidden="true" />
      )}
      <div className="nearest-chapter-body">
        <ChapterTypeBadge type={{ id: pin.chapterTypeId, name: pin.typeName }} />
        <div className="fw-semibold">
          {base ? <Link to={base}>{pin.displayTitle}</Link> : pin.displayTitle}
        </div>
        <div className="nearest-distance small">{distanceText(km)} away</div>
        <div className="small text-body-secondary">
          {query.isPending && (
            <span role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" /> Loading its next
              meeting...
            </span>
          )}
          {query.isError && (
            <InlineRetry what="next meeting" onRetry={() => void query.refetch()} />
          )}
          {next && event && base && (
            <>
              Next at <Link to={`${base}/events/${event.slug}`}>{event.name}</Link>,{' '}
              {addressLine({ ...event, address1: '' }) || event.city}
            </>
          )}
          {chapter && !event && 'No meeting is planned at the moment.'}
        </div>
      </div>
    </li>
  );
}

/**
 * After a search: the chapters nearest the place, with how far and when they next meet. Also
 * the way to browse the map by keyboard or screen reader: a list, not a Tab stop per pin.
 */
export function NearestChapters({ place, nearest }: { place: Place; nearest: readonly Nearby[] }) {
  return (
    <section aria-labelledby="nearest-title" className="nearest-chapters">
      <h2 id="nearest-title" className="h5" tabIndex={-1}>
        Chapters nearest {place.label}
      </h2>
      {nearest[0] && nearest[0].km > FAR_KM && (
        <FarFromEveryChapter place={place} km={nearest[0].km} />
      )}
      {nearest.length === 0 ? (
        <p>No chapter meets anywhere yet.</p>
      ) : (
        <ol className="list-group">
          {nearest.map(({ pin, km }) => (
            <NearestChapter key={pin.id} pin={pin} km={km} />
          ))}
        </ol>
      )}
    </section>
  );
}
