// The home map's compact answer: what the browser decodes is what the server had, in an order
// that keeps neighbours together (the same for the same pins, so its ETag holds).
import { describe, expect, it } from 'vitest';
import { decodeChapterMap, encodeChapterMap } from './chapterMap';
import type { ChapterMapPin } from './schemas/chapterMap';

const pin = (id: number, lat: number, lng: number, displayTitle: string): ChapterMapPin => ({
  id,
  lat,
  lng,
  chapterTypeId: 1 + (id % 3),
  typeName: ['Drinking', 'Screening', 'Living'][id % 3]!,
  displayTitle,
});

describe('the home map answer', () => {
  it('decodes to the pins it was made of, whatever order they came in', () => {
    const pins = [
      pin(7, 40.7128, -74.006, 'Brooklyn'),
      pin(300, 41.8781, -87.6298, 'Chicago'),
      pin(5000, -33.8688, 151.2093, 'Sydney'),
      pin(12, 40.7131, -74.0059, 'Brooklyn Heights'),
    ];
    const decoded = decodeChapterMap(encodeChapterMap(pins));
    expect(decoded).toHaveLength(pins.length);
    expect(new Map(decoded.map((p) => [p.id, p]))).toEqual(new Map(pins.map((p) => [p.id, p])));
    expect(encodeChapterMap([...pins].reverse())).toEqual(encodeChapterMap(pins));
  });

  it('lists pins in one place by title, then id, and places far apart apart', () => {
    // Three chapters in one town (one ~1 km cell), and one across the country.
    const town = [
      pin(9, 42.3601, -71.0589, 'Screening Liberally Boston'),
      pin(4, 42.3601, -71.0589, 'Drinking Liberally Boston'),
      pin(2, 42.3602, -71.0588, 'Drinking Liberally Boston'),
    ];
    const far = pin(3, 37.7749, -122.4194, 'San Francisco');
    const order = decodeChapterMap(encodeChapterMap([town[0]!, far, town[1]!, town[2]!])).map(
      (p) => p.id,
    );
    const inTown = order.filter((id) => id !== 3);
    expect(inTown).toEqual([2, 4, 9]);
    // The town's pins come together, not split by the pin elsewhere.
    expect([0, 3]).toContain(order.indexOf(3));
  });
});
