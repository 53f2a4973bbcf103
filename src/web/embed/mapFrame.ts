// The map frame's script (issue 36; the page is modules/embed/mapFrame.ts): Leaflet with the
// site's tiles, a type pin per chapter, each opening to its name, next meeting and page, fitted
// to the pins, and the key of the types shown. Built apart by esbuild (scripts/build-embed.ts).
import L from 'leaflet';
import { CHAPTER_TYPES, CHAPTER_TYPE_SUFFIX, MAP } from '../../common/constants';
import { mapTiles } from '../components/map/mapSettings';
import { pinUrl } from '../components/map/pinImages';
import { pinIcon } from '../components/map/pins';

interface Pin {
  title: string;
  url: string;
  lat: number;
  lng: number;
  typeId: number;
  next?: string;
}

const pins = JSON.parse(document.getElementById('pins')?.textContent ?? '[]') as Pin[];
const box = document.getElementById('map');

/** A pin's window, made of nodes: every text stays text. */
function popupOf(pin: Pin): HTMLElement {
  const div = document.createElement('div');
  const link = document.createElement('a');
  link.href = pin.url;
  link.target = '_blank';
  link.rel = 'noopener';
  link.textContent = pin.title;
  const strong = document.createElement('strong');
  strong.append(link);
  div.append(strong);
  if (pin.next) {
    const next = document.createElement('div');
    next.textContent = `Next: ${pin.next}`;
    div.append(next);
  }
  return div;
}

if (box) {
  const map = L.map(box, { scrollWheelZoom: false }).setView(
    [MAP.homeCenter.lat, MAP.homeCenter.lng],
    MAP.homeZoom,
  );
  L.tileLayer(mapTiles.url, { attribution: mapTiles.attribution, maxZoom: 18 }).addTo(map);
  for (const pin of pins) {
    L.marker([pin.lat, pin.lng], { icon: pinIcon(pin.typeId), title: pin.title, alt: pin.title })
      .bindPopup(popupOf(pin))
      .addTo(map);
  }
  if (pins.length > 0) {
    map.fitBounds(L.latLngBounds(pins.map((p) => [p.lat, p.lng])), {
      padding: [24, 24],
      maxZoom: MAP.focusZoom + 4,
    });
  }
  const legend = document.getElementById('legend');
  for (const type of CHAPTER_TYPES.filter((t) => pins.some((p) => p.typeId === t.id))) {
    const item = document.createElement('li');
    const img = document.createElement('img');
    img.src = pinUrl(type.id);
    img.width = 20;
    img.height = 20;
    img.alt = '';
    item.append(img, `${type.name} ${CHAPTER_TYPE_SUFFIX}`);
    legend?.append(item);
  }
}
