// The map frame's script (issue 36; the page is modules/embed/mapFrame.ts): Leaflet with the
// site's tiles, a type pin per chapter (the network's gathered into numbered clusters, as on the
// home map), each opening to its name, next meeting and page, fitted to the pins. Built apart
// by esbuild (scripts/build-embed.ts).
//
// A phone pays for the map's start in blocking time: the key comes in the page (the server
// writes it), Leaflet starts after the first paint, and its work comes in short tasks (the
// view, the tiles, the pins a batch at a time) with the browser free to paint between them.
import L from 'leaflet';
import 'leaflet.markercluster';
import { MAP } from '../../common/constants';
import { afterFirstContent } from '../components/map/afterFirstContent';
import { mapTiles } from '../components/map/mapSettings';
import { pinIcon } from '../components/map/pins';
import { fillPopup, loadPins, popupOf, type Pin } from './mapPins';

/** Pins made per task: each is a few elements, so a batch stays well inside 50 ms on a phone. */
const BATCH = 25;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function note(frame: HTMLElement | null, text: string) {
  const p = document.createElement('p');
  p.className = 'empty';
  p.textContent = text;
  frame?.append(p);
}

function markerOf(pin: Pin): L.Marker {
  const marker = L.marker([pin.lat, pin.lng], {
    icon: pinIcon(pin.typeId),
    title: pin.title,
    alt: pin.title,
  });
  // Drawn when it opens; a network pin's chapter is asked for then.
  return marker.bindPopup(() => {
    const popup = popupOf(pin);
    fillPopup(pin, popup).then(
      (filled) => filled && marker.getPopup()?.update(),
      () => {},
    );
    return popup;
  });
}

async function start(frame: HTMLElement | null, box: HTMLElement) {
  const pins = await loadPins(frame);
  const network = !document.getElementById('pins');
  // A state's page says so itself when it has no pin.
  if (network && pins.length === 0) note(frame, 'No chapters here yet.');
  await afterFirstContent();
  const map = L.map(box, { scrollWheelZoom: false });
  if (pins.length > 0) {
    map.fitBounds(L.latLngBounds(pins.map((p) => [p.lat, p.lng])), {
      padding: [24, 24],
      maxZoom: MAP.focusZoom + 4,
    });
  } else map.setView([MAP.homeCenter.lat, MAP.homeCenter.lng], MAP.homeZoom);
  await nextTask();
  L.tileLayer(mapTiles.url, { attribution: mapTiles.attribution, maxZoom: 18 }).addTo(map);
  // A state's every pin stands on its own; the network's thousands are gathered, its clusters
  // worked out in slices of a few milliseconds.
  const layer = network
    ? L.markerClusterGroup({ chunkedLoading: true, chunkInterval: 8, chunkDelay: 0 })
    : L.layerGroup();
  layer.addTo(map);
  for (let i = 0; i < pins.length; i += BATCH) {
    await nextTask();
    const markers = pins.slice(i, i + BATCH).map(markerOf);
    if (layer instanceof L.MarkerClusterGroup) layer.addLayers(markers);
    else for (const marker of markers) layer.addLayer(marker);
  }
}

const frame = document.querySelector<HTMLElement>('main.map-frame');
const box = document.getElementById('map');
if (box) {
  start(frame, box).catch(() =>
    note(frame, 'The map could not be loaded. Reload the page to try again.'),
  );
}
