// The map frame's first view (issue 36): a picture of the map, not the map. The tiles of the
// fitted view as plain images and the pins drawn on one canvas cost a phone a few milliseconds,
// where Leaflet's start cost it three or four long tasks; Leaflet takes over (mapLive.ts) when
// the reader first reaches for the map, at the same view, so nothing moves when it does.
import { CHAPTER_TYPES, MAP } from '../../common/constants';
import { pinUrl } from '../../common/pinImages';
import { mapTiles } from '../components/map/mapSettings';
import type { Pin } from './mapPins';
import { pixelOrigin, project, tilesOf, type View } from './mapView';

/** A tile's address from the site's template, as Leaflet fills it ({s}: its default a, b, c). */
function tileUrl(template: string, tile: { x: number; y: number; z: number }): string {
  const values: Record<string, string> = {
    x: String(tile.x),
    y: String(tile.y),
    z: String(tile.z),
    s: 'abc'[Math.abs(tile.x + tile.y) % 3]!,
    r: devicePixelRatio > 1 ? '@2x' : '',
  };
  return template.replace(/\{ *([\w_ -]+) *\}/g, (all, key: string) => values[key] ?? all);
}

const colourOf = (typeId: number) =>
  (CHAPTER_TYPES.find((t) => t.id === typeId) ?? CHAPTER_TYPES[0]).hexColor;

/** Each type's pin picture, loaded once (data URLs: no request). */
function pinImages(pins: readonly Pin[]): Promise<Map<number, HTMLImageElement>> {
  const ids = [...new Set(pins.map((p) => p.typeId))];
  return Promise.all(
    ids.map((id) => {
      const img = new Image(MAP.pinSize, MAP.pinSize);
      img.src = pinUrl(id);
      return img.decode().then(() => [id, img] as const);
    }),
  ).then((pairs) => new Map(pairs));
}

/**
 * Draws the picture into `box`, under where Leaflet's panes will go, and returns it (to be
 * removed once Leaflet's own tiles are in). A state's pins are drawn as Leaflet draws them; the
 * network's thousands, which Leaflet gathers into clusters, as a dot each.
 */
export async function drawPoster(
  box: HTMLElement,
  view: View,
  pins: readonly Pin[],
  clustered: boolean,
): Promise<HTMLElement> {
  const width = box.clientWidth;
  const height = box.clientHeight;
  // The page has its frame and the tiles' credit (modules/embed/mapFrame.ts).
  const poster = box.querySelector<HTMLElement>('.map-poster') ?? document.createElement('div');
  poster.className = 'map-poster';
  const layers = document.createDocumentFragment();
  for (const tile of tilesOf(view, width, height)) {
    const img = new Image(256, 256);
    img.alt = '';
    img.style.left = `${tile.left}px`;
    img.style.top = `${tile.top}px`;
    // A tile that cannot be had (the tile server down or unreachable) leaves the plain ground,
    // as Leaflet's map does, not the browser's broken-image box.
    img.addEventListener('error', () => (img.style.visibility = 'hidden'), { once: true });
    img.src = tileUrl(mapTiles.url, tile);
    layers.append(img);
  }
  const canvas = document.createElement('canvas');
  const ratio = devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  layers.append(canvas);
  poster.prepend(layers);
  if (!poster.isConnected) box.append(poster);

  const context = canvas.getContext('2d');
  if (!context) return poster;
  context.scale(ratio, ratio);
  const origin = pixelOrigin(view, width, height);
  const at = (pin: Pin) => {
    const p = project(pin, view.zoom);
    return { x: Math.round(p.x) - origin.x, y: Math.round(p.y) - origin.y };
  };
  if (clustered) {
    context.lineWidth = 1.5;
    context.strokeStyle = '#fff';
    for (const pin of pins) {
      const { x, y } = at(pin);
      context.beginPath();
      context.arc(x, y, 5, 0, 2 * Math.PI);
      context.fillStyle = colourOf(pin.typeId);
      context.fill();
      context.stroke();
    }
  } else {
    const images = await pinImages(pins);
    const size = MAP.pinSize;
    for (const pin of pins) {
      const { x, y } = at(pin);
      // Leaflet's anchor for these pins: the tip, at the middle of the bottom row.
      context.drawImage(images.get(pin.typeId)!, x - size / 2, y - (size - 1), size, size);
    }
  }
  return poster;
}
