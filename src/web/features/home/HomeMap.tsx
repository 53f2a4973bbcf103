import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { MAP } from '../../../common/constants';
import { LazyChapterMap, type MapPin, type MapView } from '../../components/map/LazyChapterMap';
import { MapLegend } from '../../components/map/MapLegend';
import { ChapterPinDetails } from '../chapter/ChapterPinDetails';
import { NearestChapters } from './NearestChapters';
import { PlaceSearch, type Place } from './PlaceSearch';
import { useChapterMap } from './useChapterMap';

/**
 * Spec 1 §2 Home: the search, and the map with one pin per active chapter's next event. The map
 * first shows every pin; a search (or the visitor's location, asked for only when they press
 * the button) centres it at zoom 7 and lists the nearest chapters under it.
 */
export function HomeMap() {
  const { data, isError } = useChapterMap();
  const [view, setView] = useState<MapView | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
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
        popup: <ChapterPinDetails chapterId={c.id} />,
      })),
    [located],
  );
  const typeIds = useMemo(() => [...new Set(located.map((c) => c.chapterTypeId))], [located]);

  function show(found: Place) {
    setPlace(found);
    setView({ center: [found.lat, found.lng], zoom: MAP.focusZoom });
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
      <LazyChapterMap view={view} pins={pins} label="Map of chapters" />
      <MapLegend typeIds={typeIds} />
      {place && <NearestChapters place={place} pins={located} />}
    </section>
  );
}
