// The map frame's view without Leaflet (mapView.ts): the picture and the live map must agree,
// so the sums are checked against Leaflet's known answers and against what fitting means.
import { describe, expect, it } from 'vitest';
import { fitView, pixelOrigin, project, tilesOf, unproject } from './mapView';

const options = { padding: 24, maxZoom: 11, empty: { center: { lat: 39, lng: -98 }, zoom: 4 } };

describe('the map frame view', () => {
  it("projects as Leaflet's EPSG:3857 does, and back", () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    // Leaflet 1.9: L.CRS.EPSG3857.latLngToPoint([40.7128, -74.006], 10).
    const nyc = project({ lat: 40.7128, lng: -74.006 }, 10);
    expect(nyc.x).toBeCloseTo(77182.4754, 3);
    expect(nyc.y).toBeCloseTo(98561.1104, 3);
    const back = unproject(nyc, 10);
    expect(back.lat).toBeCloseTo(40.7128, 9);
    expect(back.lng).toBeCloseTo(-74.006, 9);
  });

  it('fits the places inside the padding at the highest whole zoom that holds them', () => {
    const places = [
      { lat: 40.7, lng: -74 },
      { lat: 42.65, lng: -73.75 },
      { lat: 42.9, lng: -78.9 },
    ];
    const { width, height } = { width: 390, height: 500 };
    const view = fitView(places, width, height, options);
    const inside = (zoom: number) => {
      const origin = pixelOrigin({ center: view.center, zoom }, width, height);
      return places.every((p) => {
        const { x, y } = project(p, zoom);
        return (
          x - origin.x >= 23 &&
          x - origin.x <= width - 23 &&
          y - origin.y >= 23 &&
          y - origin.y <= height - 23
        );
      });
    };
    expect(Number.isInteger(view.zoom)).toBe(true);
    expect(inside(view.zoom)).toBe(true);
    expect(inside(view.zoom + 1)).toBe(false);
  });

  it('shows a lone place at the closest zoom allowed, and nothing at the default view', () => {
    const one = { lat: 41.5, lng: -72.6 };
    const view = fitView([one], 390, 500, options);
    expect(view.zoom).toBe(11);
    expect(view.center.lat).toBeCloseTo(one.lat, 9);
    expect(view.center.lng).toBeCloseTo(one.lng, 9);
    expect(fitView([], 390, 500, options)).toEqual(options.empty);
  });

  it('lists the tiles that cover the box, each where it lands', () => {
    const view = { center: { lat: 0, lng: 0 }, zoom: 1 };
    // The whole world at zoom 1 is 512 px: a 512 px box shows its four tiles edge to edge.
    expect(tilesOf(view, 512, 512)).toEqual([
      { x: 0, y: 0, z: 1, left: 0, top: 0 },
      { x: 1, y: 0, z: 1, left: 256, top: 0 },
      { x: 0, y: 1, z: 1, left: 0, top: 256 },
      { x: 1, y: 1, z: 1, left: 256, top: 256 },
    ]);
    // Wider than the world: the tiles repeat east and west; none above or below it.
    const wide = tilesOf(view, 1024, 512);
    expect(wide.map((t) => t.x)).toEqual([1, 0, 1, 0, 1, 0, 1, 0]);
    expect(wide.every((t) => t.y >= 0 && t.y <= 1)).toBe(true);
  });
});
