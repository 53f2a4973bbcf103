// The one map of the site (home, state and chapter screens): Leaflet with the configured tiles,
// a type pin per place (pins close together gathered into a numbered cluster that opens on a
// click, and pins on one spot spread apart), an optional state outline, and the 'Map
// loading...' overlay until the tiles have loaded or 3 seconds have passed (spec 1 §4).
// Loaded lazily: see LazyChapterMap.
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import type { GeoJsonObject } from 'geojson';
import L from 'leaflet';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { GeoJSON, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { MAP } from '../../../common/constants';
import { mapTiles } from './mapSettings';
import { pinIcon } from './pins';
import { afterFirstContent } from './afterFirstContent';

export interface MapPin {
  key: string;
  lat: number;
  lng: number;
  chapterTypeId: number;
  /** What a screen reader hears for the pin. */
  label: string;
  popup?: ReactNode;
}

/**
 * Where to look: a centre and zoom, or places to fit together (a searched place and the chapters
 * nearest it), at whatever zoom shows them all on this screen.
 */
export type MapView =
  { center: [number, number]; zoom: number } | { fit: [number, number][]; maxZoom: number };

export interface ChapterMapProps {
  /** Where to look; null fits every pin in view, at whatever width the screen has. */
  view: MapView | null;
  pins: MapPin[];
  outline?: GeoJsonObject | null;
  /** 'tall' is the spec's 500px; 'short' suits a single place. */
  size?: 'tall' | 'short';
  label: string;
}

/**
 * Leaflet measures its box only when the window resizes. The home page's search narrows the map
 * (the list takes its left side) with no window resize: measured at its old width, the map fit
 * the place for a box it no longer had, and the pins and their info windows stood past its right
 * edge, where a focused field scrolled the map sideways and a click on 'Sign Up' ended on the
 * map, which closed the window. It is measured again whenever its box changes size.
 */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Moves the map when the screen asks for another view (a search, the browser's location). */
function FollowView({ view }: { view: MapView }) {
  const map = useMap();
  useEffect(() => {
    // The view may come with a new layout (the search's list beside the map): fit the box the
    // map has now, not wait for FollowSize's observer.
    map.invalidateSize({ pan: false });
    if ('center' in view) {
      map.setView(view.center, view.zoom);
      return;
    }
    const bounds = L.latLngBounds(view.fit);
    if (!bounds.isValid()) return;
    // Not animated, as FitPins below. One place alone is shown at maxZoom, never a blank zoom.
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: view.maxZoom, animate: false });
  }, [map, view]);
  return null;
}

/** Shows every pin: on a phone as on a desktop, nobody should have to pan to find a chapter. */
function FitPins({ pins }: { pins: readonly MapPin[] }) {
  const map = useMap();
  const key = pins.map((p) => `${p.lat},${p.lng}`).join(';');
  useEffect(() => {
    if (!key) return;
    const bounds = L.latLngBounds(
      key.split(';').map((p) => p.split(',').map(Number) as [number, number]),
    );
    // Not animated: a view asked for during a zoom animation (a quick search) would otherwise
    // be undone by the animation's end.
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: MAP.chapterZoom, animate: false });
  }, [map, key]);
  return null;
}

/**
 * Escape closes an open info window wherever the focus is (Leaflet's own key handling works
 * only while the map itself has the focus: not on a pin, in the window's form, or on the page
 * after the form's button gave way to 'Success!'), and gives the focus back to the pin.
 */
function EscapeClosesPopup() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    let opener: HTMLElement | null = null;
    const remember = () => {
      const active = document.activeElement;
      opener = active instanceof HTMLElement && container.contains(active) ? active : null;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !container.querySelector('.leaflet-popup')) return;
      map.closePopup();
      opener?.focus();
    };
    map.on('popupopen', remember);
    document.addEventListener('keydown', onKey);
    return () => {
      map.off('popupopen', remember);
      document.removeEventListener('keydown', onKey);
    };
  }, [map]);
  return null;
}

/**
 * A pin's info window. One whose content loads after it opens (ChapterPinDetails) grows then,
 * and Leaflet sizes and pans a window only as it opens: it is sized again whenever its content
 * changes size (on the next frame, so that the new size is never measured inside the change).
 */
function PinPopup({ children }: { children: ReactNode }) {
  const popup = useRef<L.Popup>(null);
  const observe = useCallback((node: HTMLDivElement | null) => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (popup.current?.isOpen()) popup.current.update();
      });
    });
    observer.observe(node);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return (
    <Popup ref={popup} maxWidth={MAP.infoWindowMaxWidth}>
      <div ref={observe}>{children}</div>
    </Popup>
  );
}

function FitOutline({ outline }: { outline: GeoJsonObject }) {
  const map = useMap();
  useEffect(() => {
    const bounds = L.geoJSON(outline).getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [16, 16], animate: false });
  }, [map, outline]);
  return null;
}

/**
 * The map is built in steps, each in a task of its own once the browser is idle: the map, then
 * its tiles and outline, then the pins. Built at once it is one long task in which a phone
 * answers no tap (Lighthouse's Total Blocking Time).
 */
const LAST_STEP = 2;
function useBuildSteps(): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= LAST_STEP) return;
    let live = true;
    void afterFirstContent().then(() => live && setStep(step + 1));
    return () => {
      live = false;
    };
  }, [step]);
  return step;
}

export default function ChapterMap({ view, pins, outline, size = 'tall', label }: ChapterMapProps) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const fallback = setTimeout(() => setLoading(false), MAP.loadingFallbackMs);
    return () => clearTimeout(fallback);
  }, []);
  const step = useBuildSteps();

  return (
    <div className={`chapter-map chapter-map-${size}`} role="region" aria-label={label}>
      {loading && (
        <div className="chapter-map-overlay" role="status">
          Map loading...
        </div>
      )}
      <MapContainer
        center={view && 'center' in view ? view.center : [MAP.homeCenter.lat, MAP.homeCenter.lng]}
        zoom={view && 'center' in view ? view.zoom : MAP.homeZoom}
        scrollWheelZoom={false}
        className="chapter-map-canvas"
      >
        <FollowSize />
        {view ? <FollowView view={view} /> : <FitPins pins={pins} />}
        <EscapeClosesPopup />
        {step >= 1 && (
          <TileLayer
            url={mapTiles.url}
            attribution={mapTiles.attribution}
            eventHandlers={{ load: () => setLoading(false) }}
          />
        )}
        {step >= 1 && outline && (
          <>
            <GeoJSON
              data={outline}
              pathOptions={{ color: '#1f5fa8', weight: 2, fillOpacity: 0.06 }}
            />
            <FitOutline outline={outline} />
          </>
        )}
        {/* No animation: pins appear where they are at once (and for people who prefer
            reduced motion, nothing flies across the map). */}
        {step >= 2 && (
          <MarkerClusterGroup
            chunkedLoading
            animate={false}
            showCoverageOnHover={false}
            maxClusterRadius={40}
          >
            {pins.map((pin) => (
              <Marker
                key={pin.key}
                position={[pin.lat, pin.lng]}
                icon={pinIcon(pin.chapterTypeId)}
                title={pin.label}
                alt={pin.label}
                // A pin with nothing to open is a picture, not a button.
                interactive={!!pin.popup}
                keyboard={!!pin.popup}
              >
                {pin.popup && <PinPopup>{pin.popup}</PinPopup>}
              </Marker>
            ))}
          </MarkerClusterGroup>
        )}
      </MapContainer>
    </div>
  );
}
