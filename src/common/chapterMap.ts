// The home map's compact answer (schemas/chapterMap.ts), written by the server and read by the
// browser. Pins are listed along a Hilbert curve over the globe, so that pins near each other
// come together: their coordinates differ little (small numbers) and those in one town share the
// start of their titles, which gzip then takes almost for free. Ids follow in whatever order
// that gives, written in base 64 (a third fewer characters than decimal).
import type { ChapterMap, ChapterMapPin } from './schemas/chapterMap';

/** Digits of the URL-safe base 64 the `ids` and `kinds` columns are written in. */
export const MAP_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export const MAP_SCALE = 10_000;
/** Pins in the same 0.01-degree cell (about 1 km) count as one place along the curve. */
const CELLS_PER_DEGREE = 100;
const CURVE_ORDER = 16; // 2^16 cells a side: finer than 360 * 100 = 36,000
const MAX_SHARED = 35; // the largest one base-36 digit can say

/** The distance along a Hilbert curve of a cell of a 2^order square (the classic algorithm). */
function hilbertIndex(order: number, cellX: number, cellY: number): number {
  let x = cellX;
  let y = cellY;
  let d = 0;
  for (let s = 2 ** (order - 1); s >= 1; s /= 2) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x;
        y = s - 1 - y;
      }
      [x, y] = [y, x];
    }
  }
  return d;
}

function curvePosition(lat: number, lng: number): number {
  const cell = (v: number) => Math.max(0, Math.floor(v * CELLS_PER_DEGREE));
  return hilbertIndex(CURVE_ORDER, cell(lng + 180), cell(lat + 90));
}

function digitsOf(n: number, width: number): string {
  let out = '';
  for (let i = width - 1; i >= 0; i -= 1) out += MAP_DIGITS[Math.floor(n / 64 ** i) % 64];
  return out;
}

/** Titles are single lines; a line break inside one would break the column. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

interface Keyed {
  pin: ChapterMapPin;
  at: number;
  title: string;
}

const byTitleThenId = (a: Keyed, b: Keyed) =>
  (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || a.pin.id - b.pin.id;

/** 2^21: the index packed beside a curve position (under 2^32) stays within a double's 2^53. */
const INDEX_SPAN = 2 ** 21;

/**
 * By curve position, then title and id within one cell. The server builds the map every 30 s on
 * its one thread: a comparator sort of 20,000 objects held it for 40-300 ms (300 when the objects
 * were spread copies, which V8 gives a slow shape), so positions are packed into one typed array
 * sorted natively, and only pins sharing a cell go through the comparator.
 */
function curveOrder(keyed: Keyed[]): Keyed[] {
  if (keyed.length >= INDEX_SPAN) throw new Error('too many pins for the map');
  const packed = new Float64Array(keyed.length);
  for (const [i, k] of keyed.entries()) packed[i] = k.at * INDEX_SPAN + i;
  packed.sort();
  const sorted = Array.from(packed, (p) => keyed[p % INDEX_SPAN]!);
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    while (end < sorted.length && sorted[end]!.at === sorted[start]!.at) end += 1;
    if (end - start > 1)
      sorted.splice(start, end - start, ...sorted.slice(start, end).sort(byTitleThenId));
    start = end;
  }
  return sorted;
}

export function encodeChapterMap(pins: readonly ChapterMapPin[]): ChapterMap {
  const round = (v: number) => Math.round(v * MAP_SCALE);
  const sorted = curveOrder(
    pins.map((pin) => ({
      pin,
      at: curvePosition(pin.lat, pin.lng),
      title: oneLine(pin.displayTitle),
    })),
  );
  const types: ChapterMap['types'] = [];
  const typeIndex = new Map<number, number>();
  for (const { pin: p } of sorted) {
    if (typeIndex.has(p.chapterTypeId)) continue;
    if (types.length === MAP_DIGITS.length)
      throw new Error('more chapter types than the map can tell apart');
    typeIndex.set(p.chapterTypeId, types.length);
    types.push({ id: p.chapterTypeId, name: p.typeName });
  }
  const maxId = pins.reduce((max, p) => Math.max(max, p.id), 0);
  let idWidth = 1;
  while (64 ** idWidth <= maxId) idWidth += 1;

  const lat: number[] = [];
  const lng: number[] = [];
  const lines: string[] = [];
  let ids = '';
  let kinds = '';
  let last = { lat: 0, lng: 0, title: '' };
  for (const { pin: p, title } of sorted) {
    const at = { lat: round(p.lat), lng: round(p.lng), title };
    ids += digitsOf(p.id, idWidth);
    kinds += MAP_DIGITS[typeIndex.get(p.chapterTypeId)!];
    lat.push(at.lat - last.lat);
    lng.push(at.lng - last.lng);
    let shared = 0;
    const limit = Math.min(MAX_SHARED, at.title.length, last.title.length);
    while (shared < limit && at.title[shared] === last.title[shared]) shared += 1;
    lines.push(shared.toString(36) + at.title.slice(shared));
    last = at;
  }
  return { scale: MAP_SCALE, types, idWidth, ids, kinds, lat, lng, titles: lines.join('\n') };
}

export function decodeChapterMap(map: ChapterMap): ChapterMapPin[] {
  const value = new Map([...MAP_DIGITS].map((c, i) => [c, i]));
  const lines = map.titles === '' ? [] : map.titles.split('\n');
  const pins: ChapterMapPin[] = [];
  let lat = 0;
  let lng = 0;
  let title = '';
  for (let i = 0; i < map.lat.length; i += 1) {
    let id = 0;
    for (let k = 0; k < map.idWidth; k += 1) {
      id = id * 64 + (value.get(map.ids[i * map.idWidth + k] ?? '') ?? 0);
    }
    const type = map.types[value.get(map.kinds[i] ?? '') ?? 0];
    lat += map.lat[i] ?? 0;
    lng += map.lng[i] ?? 0;
    const line = lines[i] ?? '0';
    title = title.slice(0, parseInt(line[0] ?? '0', 36)) + line.slice(1);
    pins.push({
      id,
      lat: lat / map.scale,
      lng: lng / map.scale,
      chapterTypeId: type?.id ?? 0,
      typeName: type?.name ?? '',
      displayTitle: title,
    });
  }
  return pins;
}
