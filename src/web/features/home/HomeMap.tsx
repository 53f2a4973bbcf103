import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { MAP } from '../../../common/constants';
import { LazyChapterMap, type MapPin, type MapView } from '../../components/map/LazyChapterMap';
import { MapLegend } from '../../components/map/MapLegend';
import { LazyChapterPinDetails } from '../../components/chapterPin/LazyChapterPinDetails';
import type { Nearby } from './NearestChapters';

// Shown only after a search: its tiles and badges stay out of the home page's first load.
const NearestChapters = lazy(() =>
  import('./NearestChapters').then((m) => ({ default: m.NearestChapters })),
);
import { distanceKm } from '../../../common/geo';

/** How many nearest chapters are listed, and how many of them the map fits with the place. */
const LISTED = 5;
const IN_VIEW = 3;
import { PlaceSearch, type Place } from './PlaceSearch';
import { useChapterMap } from './useChapterMap';

/**
 * Spec 1 §2 Home: the search, and the map with one pin per active chapter's next event. The map
 * first shows every pin; a search (or the visitor's location, asked for only when they press
 * the button) lists the nearest chapters first, with the map fitting the place and the nearest
 * of them beside (or, on a phone, below) the list; a phone may switch to the map alone.
 */
export function HomeMap() {
  const { data, isError } = useChapterMap();
  const [place, setPlace] = useState<Place | null>(null);
  const [mode, setMode] = useState<'list' | 'map'>('list');
  const [locating, setLocating] = useState<'idle' | 'asking' | 'refused'>('idle');

  const located = useMemo(() => data ?? [], [data]);
  // A pin knows its chapter's id, place, type and name; its window loads the rest when opened.
  const pins = useMemo<MapPin[]>(
    () =>
      located.map((c) => ({
        key: String(c.id),
        lat: c.lat,
        lng: c.lng,
        chapterTypeId: c.chapterTypeId,
        label: `${c.typeName} Liberally ${c.displayTitle}`,
        popup: <LazyChapterPinDetails chapterId={c.id} />,
      })),
    [located],
  );
  const typeIds = useMemo(() => [...new Set(located.map((c) => c.chapterTypeId))], [located]);

  const nearest = useMemo<Nearby[]>(
    () =>
      place
        ? located
            .map((pin) => ({ pin, km: distanceKm(place, pin) }))
            .sort((a, b) => a.km - b.km)
            .slice(0, LISTED)
        : [],
    [place, located],
  );
  // The map fits the place and the nearest chapters together: never a zoom with no pin in it,
  // however far the nearest one is.
  const view = useMemo<MapView | null>(
    () =>
      place && {
        fit: [
          [place.lat, place.lng],
          ...nearest.slice(0, IN_VIEW).map(({ pin }): [number, number] => [pin.lat, pin.lng]),
        ],
        maxZoom: MAP.focusZoom + 3,
      },
    [place, nearest],
  );
  const results = useRef<HTMLDivElement>(null);

  function show(found: Place) {
    setPlace(found);
    setMode('list');
    // On a small screen the results may start below the fold: bring the list up to the top.
    requestAnimationFrame(() => {
      const box = results.current?.getBoundingClientRect();
      if (box && box.top > window.innerHeight * 0.45) {
        results.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
      }
    });
  }

  function locateMe() {
    if (!navigator.geolocation) {
      setLocating('refused');
      return;
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating('idle');
        show({ lat: pos.coords.latitude, lng: pos.coords.longitude, label: 'your location' });
      },
      () => setLocating('refused'),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }

  return (
    <section aria-labelledby="map-title" className="mb-4">
      <h2 id="map-title" className="visually-hidden">
        Chapters on the map
      </h2>
      <PlaceSearch onFound={show} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={locateMe}
          disabled={locating === 'asking'}
        >
          {locating === 'asking' ? 'Finding you...' : 'Use my location'}
        </Button>
        {locating === 'refused' && (
          <span className="small text-body-secondary" role="status">
            Your browser did not share your location. Search for a place instead.
          </span>
        )}
      </div>
      {isError && (
        <p className="text-danger">
          The chapters could not be loaded onto the map. Please reload the page.
        </p>
      )}
      {place && (
        <div className="btn-group btn-group-sm d-md-none mb-2" role="group" aria-label="Show">
          {(['list', 'map'] as const).map((m) => (
            <Button
              key={m}
              variant="outline-primary"
              active={mode === m}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {m === 'list' ? 'List' : 'Map'}
            </Button>
          ))}
        </div>
      )}
      <div ref={results} className={`home-results${place ? ' has-results' : ''}`} data-mode={mode}>
        {place && (
          <div className="home-results-list">
            <Suspense fallback={<p role="status">Finding the nearest chapters...</p>}>
              <NearestChapters place={place} nearest={nearest} />
            </Suspense>
          </div>
        )}
        <div className="home-results-map">
          <LazyChapterMap view={view} pins={pins} label="Map of chapters" />
          <MapLegend typeIds={typeIds} />
        </div>
      </div>
    </section>
  );
}
