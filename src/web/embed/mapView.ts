// Where the map frame looks, worked out without Leaflet (issue 36): the frame's first view is a
// picture drawn from this (mapPoster.ts), and Leaflet, when the reader brings the map to life,
// is set to the same centre and zoom (mapLive.ts), so its tiles and pins land where the
// picture's were. The sums are Leaflet's own for its default projection (EPSG:3857, 256 px
// tiles) and its `fitBounds` with whole zoom levels.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface View {
  center: LatLng;
  zoom: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Web Mercator's limit: the square world of the tiles. */
const MAX_LAT = 85.0511287798;
const TILE = 256;

/** A place's pixel on the world map at `zoom` (Leaflet's `CRS.EPSG3857.latLngToPoint`). */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180);
  return {
    x: scale * (lng / 360 + 0.5),
    y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

/** The place at a pixel of the world map at `zoom`, project's inverse. */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const scale = TILE * 2 ** zoom;
  const lng = (x / scale - 0.5) * 360;
  const lat = (2 * Math.atan(Math.exp((0.5 - y / scale) * 2 * Math.PI)) - Math.PI / 2) * 180;
  return { lat: lat / Math.PI, lng };
}

export interface FitOptions {
  /** Space kept free on every side, in pixels. */
  padding: number;
  maxZoom: number;
  /** The view when there is nothing to fit. */
  empty: View;
}

/**
 * The view that shows every place in a box of `width` x `height` px: the highest whole zoom at
 * which their bounds fit inside the padding, at most `maxZoom`, centred on the bounds.
 */
export function fitView(
  places: readonly LatLng[],
  width: number,
  height: number,
  { padding, maxZoom, empty }: FitOptions,
): View {
  if (places.length === 0) return empty;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const { lat, lng } of places) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  // Measured at zoom 0 and scaled: each zoom level doubles the pixels.
  const sw = project({ lat: south, lng: west }, 0);
  const ne = project({ lat: north, lng: east }, 0);
  const scale = Math.min(
    (width - 2 * padding) / (ne.x - sw.x),
    (height - 2 * padding) / (sw.y - ne.y),
  );
  // As Leaflet: rounded to a hundredth of a level first, then down to a whole level.
  const exact = Math.round(Math.log2(scale) * 100) / 100;
  const zoom = Math.max(0, Math.min(maxZoom, Number.isFinite(exact) ? Math.floor(exact) : maxZoom));
  const a = project({ lat: south, lng: west }, zoom);
  const b = project({ lat: north, lng: east }, zoom);
  return { center: unproject({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, zoom), zoom };
}

/**
 * The world pixel at the box's top left corner for a view (Leaflet's pixel origin: whole pixels,
 * the centre in the box's middle).
 */
export function pixelOrigin(view: View, width: number, height: number): Point {
  const c = project(view.center, view.zoom);
  return { x: Math.round(c.x - width / 2), y: Math.round(c.y - height / 2) };
}

/** The tiles a box shows at a view, each with its place in the box. */
export function tilesOf(
  view: View,
  width: number,
  height: number,
): { x: number; y: number; z: number; left: number; top: number }[] {
  const origin = pixelOrigin(view, width, height);
  const z = view.zoom;
  const count = 2 ** z;
  const tiles = [];
  for (let ty = Math.floor(origin.y / TILE); ty * TILE < origin.y + height; ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(origin.x / TILE); tx * TILE < origin.x + width; tx++) {
      // The world repeats east and west, as Leaflet's tiles do.
      const x = ((tx % count) + count) % count;
      tiles.push({ x, y: ty, z, left: tx * TILE - origin.x, top: ty * TILE - origin.y });
    }
  }
  return tiles;
}
