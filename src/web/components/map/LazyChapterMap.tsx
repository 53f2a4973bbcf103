import { lazy, Suspense } from 'react';
import type { ChapterMapProps } from './ChapterMap';
import { afterFirstContent } from './afterFirstContent';

// Leaflet is loaded only by screens that show a map, never with the home page's first script,
// and only once the screen's own content is drawn: the map is the heaviest thing on the page,
// and a phone should show the text first. Leaflet itself is evaluated in a task of its own.
const ChapterMap = lazy(() =>
  afterFirstContent()
    .then(() => import('leaflet'))
    .then(afterFirstContent)
    .then(() => import('./ChapterMap')),
);

function MapLoading({ size }: { size: ChapterMapProps['size'] }) {
  return (
    <div className={`chapter-map chapter-map-${size ?? 'tall'}`}>
      <div className="chapter-map-overlay" role="status">
        Map loading...
      </div>
    </div>
  );
}

export function LazyChapterMap(props: ChapterMapProps) {
  // Drawn on the server (ssr/firstScreen.tsx): the map's box, which the browser then fills.
  if (typeof window === 'undefined') return <MapLoading size={props.size} />;
  return (
    <Suspense fallback={<MapLoading size={props.size} />}>
      <ChapterMap {...props} />
    </Suspense>
  );
}

export type { MapPin, MapView } from './ChapterMap';
