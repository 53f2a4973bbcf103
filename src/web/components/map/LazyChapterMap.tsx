import './map.css';
import { lazy, Suspense } from 'react';
import type { ChapterMapProps } from './ChapterMap';

// Leaflet is loaded only by screens that show a map, never with the home page's first script.
const ChapterMap = lazy(() => import('./ChapterMap'));

export function LazyChapterMap(props: ChapterMapProps) {
  return (
    <Suspense
      fallback={
        <div className={`chapter-map chapter-map-${props.size ?? 'tall'}`}>
          <div className="chapter-map-overlay" role="status">
            Map loading...
          </div>
        </div>
      }
    >
      <ChapterMap {...props} />
    </Suspense>
  );
}

export type { MapPin, MapView } from './ChapterMap';
