import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MAP } from '../../../common/constants';
import { formatMediumDate, formatTime } from '../../../common/format';
import type { ActiveChapter } from '../../../common/schemas/chapters';
import { LazyChapterMap, type MapPin, type MapView } from '../../components/map/LazyChapterMap';
import { MailingListSignup } from '../chapter/MailingListSignup';
import { PlaceSearch } from './PlaceSearch';
import { useActiveChapters } from './useActiveChapters';

const START: MapView = { center: [MAP.homeCenter.lat, MAP.homeCenter.lng], zoom: MAP.homeZoom };

function PinPopup({ chapter }: { chapter: ActiveChapter }) {
  const event = chapter.nextEvent!;
  return (
    <div className="home-pin-popup">
      <h3 className="h6 mb-1">
        <Link to={`/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`}>
          {chapter.city || chapter.displayTitle}
        </Link>
      </h3>
      <p className="mb-1">
        <strong>{event.name}</strong>
        <br />
        {event.address1}, {event.city}
        <br />
        {formatMediumDate(event.date)}, {formatTime(event.startTime)}–{formatTime(event.endTime)}
      </p>
      <MailingListSignup chapterId={chapter.id} compact />
    </div>
  );
}

/** Spec 1 §2 Home: the search, and the map with one pin per active chapter's next event. */
export function HomeMap() {
  const { data, isError } = useActiveChapters();
  const [view, setView] = useState<MapView>(START);
  const searched = useRef(false);

  // The browser's location at zoom 7, unless the visitor searched first; a refusal is silent.
  useEffect(() => {
    navigator.geolocation?.getCurrentPosition(
      (pos) => {
        if (!searched.current)
          setView({ center: [pos.coords.latitude, pos.coords.longitude], zoom: MAP.focusZoom });
      },
      () => {},
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }, []);

  const pins = useMemo<MapPin[]>(
    () =>
      (data ?? [])
        .filter((c) => c.nextEvent && c.nextEvent.lat !== 0 && c.nextEvent.lng !== 0)
        .map((c) => ({
          key: String(c.id),
          lat: c.nextEvent!.lat,
          lng: c.nextEvent!.lng,
          chapterTypeId: c.chapterTypeId,
          label: `${c.chapter_type.name} Liberally ${c.displayTitle}`,
          popup: <PinPopup chapter={c} />,
        })),
    [data],
  );

  return (
    <section aria-labelledby="map-title" className="mb-4">
      <h2 id="map-title" className="visually-hidden">
        Chapters on the map
      </h2>
      <PlaceSearch
        onFound={(place) => {
          searched.current = true;
          setView({ center: [place.lat, place.lng], zoom: MAP.focusZoom });
        }}
      />
      {isError && (
        <p className="text-danger">
          The chapters could not be loaded onto the map. Please reload the page.
        </p>
      )}
      <LazyChapterMap view={view} pins={pins} label="Map of chapters" />
    </section>
  );
}
