// The map frame's live map (issue 36): Leaflet with the site's tiles, a type pin per chapter (the
// network's gathered into numbered clusters, as on the home map), each opening to its name, next
// meeting and page. Loaded apart (a chunk of its own, scripts/build-embed.ts) when the reader
// first reaches for the map (mapFrame.ts); it opens at the picture's view and removes the
// picture once its own tiles are in, so the reader sees no jump.
import L from 'leaflet';
import 'leaflet.markercluster';
import { mapTiles } from '../components/map/mapSettings';
import { pinIcon } from '../components/map/pins';
import { fillPopup, popupOf, type Pin } from './mapPins';
import type { View } from './mapView';

/** Pins made per task: each is a few elements, so a batch stays well inside 50 ms on a phone. */
const BATCH = 25;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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

export async function startMap(
  box: HTMLElement,
  view: View,
  pins: readonly Pin[],
  clustered: boolean,
  poster: HTMLElement | null,
): Promise<void> {
  const map = L.map(box, { scrollWheelZoom: false, attributionControl: false });
  map.setView([view.center.lat, view.center.lng], view.zoom);
  const tiles = L.tileLayer(mapTiles.url, { attribution: mapTiles.attribution, maxZoom: 18 });
  const tilesIn = new Promise((resolve) => tiles.once('load', resolve));
  tiles.addTo(map);
  // Added after the tiles, so that it comes with their attribution: added before, it grew (and
  // moved, a layout shift) when they came.
  L.control.attribution().addTo(map);
  await nextTask();
  // A state's every pin stands on its own; the network's thousands are gathered, its clusters
  // worked out in slices of a few milliseconds.
  const layer = clustered
    ? L.markerClusterGroup({ chunkedLoading: true, chunkInterval: 8, chunkDelay: 0 })
    : L.layerGroup();
  layer.addTo(map);
  for (let i = 0; i < pins.length; i += BATCH) {
    await nextTask();
    const markers = pins.slice(i, i + BATCH).map(markerOf);
    if (layer instanceof L.MarkerClusterGroup) layer.addLayers(markers);
    else for (const marker of markers) layer.addLayer(marker);
  }
  // The picture stays under the map until the map has drawn its own tiles and pins.
  await tilesIn;
  poster?.remove();
}
