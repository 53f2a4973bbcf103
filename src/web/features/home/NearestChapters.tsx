import { Link } from 'react-router';
import { distanceKm, KM_PER_MILE } from '../../../common/geo';
import { formatMediumDate, formatTime } from '../../../common/format';
import type { ActiveChapter } from '../../../common/schemas/chapters';
import type { Place } from './PlaceSearch';

const SHOWN = 5;

type Located = ActiveChapter & { nextEvent: NonNullable<ActiveChapter['nextEvent']> };

function distanceText(km: number): string {
  const miles = km / KM_PER_MILE;
  const round = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en-US'));
  return `${round(miles)} mi (${round(km)} km)`;
}

/**
 * After a search: the chapters nearest the place, with how far and when they next meet. Also
 * the way to browse the map by keyboard or screen reader: a list, not a Tab stop per pin.
 */
export function NearestChapters({ place, chapters }: { place: Place; chapters: Located[] }) {
  const nearest = chapters
    .map((c) => ({ chapter: c, km: distanceKm(place, c.nextEvent) }))
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
          {nearest.map(({ chapter: c, km }) => (
            <li key={c.id} className="list-group-item d-flex flex-wrap gap-2">
              <div className="me-auto">
                <Link to={`/chapter/${c.state.toLowerCase()}/${c.slug}`} className="fw-semibold">
                  {c.chapter_type.name} Liberally {c.displayTitle}
                </Link>
                <div className="small">
                  Next: {formatMediumDate(c.nextEvent.date)}, {formatTime(c.nextEvent.startTime)} at{' '}
                  {c.nextEvent.name}, {c.nextEvent.city}
                </div>
              </div>
              <span className="small text-body-secondary">{distanceText(km)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
