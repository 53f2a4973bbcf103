// The map frame's script (issue 36; the page is modules/embed/mapFrame.ts). Built apart by
// esbuild (scripts/build-embed.ts), as a small start and Leaflet in a chunk of its own.
//
// A phone paid for Leaflet's start in blocking time (three or four tasks of 130-250 ms at 4x
// slowdown under load), for a map most readers of somebody else's page only look at. So the
// first view is a picture of the map at the fitted view (mapPoster.ts: the tiles as images, the
// pins on a canvas), and Leaflet is loaded and started when the reader first reaches for the
// map: a pointer over it, a touch, or the keyboard's focus (the map is in the tab order).
import { MAP } from '../../common/constants';
import { loadPins, type Pin } from './mapPins';
import { drawPoster } from './mapPoster';
import { fitView, type View } from './mapView';

function note(frame: HTMLElement | null, text: string) {
  const p = document.createElement('p');
  p.className = 'empty';
  p.textContent = text;
  frame?.append(p);
}

/** Leaflet's start (mapLive.ts), on the first of these from the reader. */
const REACHES = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'wheel'] as const;

function onFirstReach(box: HTMLElement, go: () => void) {
  const once = () => {
    for (const type of REACHES) box.removeEventListener(type, once);
    go();
  };
  for (const type of REACHES) box.addEventListener(type, once, { passive: true });
}

async function start(frame: HTMLElement | null, box: HTMLElement) {
  const pins: Pin[] = await loadPins(frame);
  const clustered = !document.getElementById('pins');
  // A state's page says so itself when it has no pin.
  if (clustered && pins.length === 0) note(frame, 'No chapters here yet.');
  // The view Leaflet's fitBounds would pick, with the same padding and closest zoom.
  const view: View = fitView(pins, box.clientWidth, box.clientHeight, {
    padding: 24,
    maxZoom: MAP.focusZoom + 4,
    empty: { center: MAP.homeCenter, zoom: MAP.homeZoom },
  });
  const poster = drawPoster(box, view, pins, clustered).catch(() => null);
  onFirstReach(box, () => {
    box.setAttribute('aria-busy', 'true');
    Promise.all([import('./mapLive'), poster])
      .then(([live, picture]) => live.startMap(box, view, pins, clustered, picture))
      .then(
        () => box.removeAttribute('aria-busy'),
        () => note(frame, 'The map could not be loaded. Reload the page to try again.'),
      );
  });
}

const frame = document.querySelector<HTMLElement>('main.map-frame');
const box = document.getElementById('map');
if (box) {
  start(frame, box).catch(() =>
    note(frame, 'The map could not be loaded. Reload the page to try again.'),
  );
}
