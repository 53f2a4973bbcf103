import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { STATES } from '../../../common/states';
import { eq } from 'drizzle-orm';
import { chapterEvents, chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const find = async (q: string) => t.app.inject({ url: `/api/geocode?q=${encodeURIComponent(q)}` });
const near = (
  res: { json: () => { lat: number; lng: number } },
  lat: number,
  lng: number,
  within = 0.6,
) => {
  const p = res.json();
  expect(Math.abs(p.lat - lat)).toBeLessThan(within);
  expect(Math.abs(p.lng - lng)).toBeLessThan(within);
};

describe('the home search geocoder', () => {
  it('finds a ZIP, a city with its state, and a bare city', async () => {
    near(await find('10024'), 40.786, -73.976, 0.05);
    near(await find('Austin, TX'), 30.27, -97.74);
    near(await find('austin tx'), 30.27, -97.74);
    near(await find('Madison'), 43.07, -89.4); // the biggest Madison: Wisconsin's
    near(await find('Portland, OR'), 45.52, -122.68);
  });

  it('reads a big city before the state of the same name, and a state otherwise', async () => {
    near(await find('New York'), 40.75, -73.98);
    const vermont = await find('Vermont');
    expect(vermont.json().label).toBe('Vermont');
    near(vermont, 44.0, -72.7, 1);
  });

  it("knows the world's cities, the most populous first, and a city with its country", async () => {
    const london = await find('London');
    expect(london.json().label).toBe('London, United Kingdom');
    near(london, 51.51, -0.13);
    const toronto = await find('Toronto');
    expect(toronto.json().label).toBe('Toronto, Canada');
    near(toronto, 43.7, -79.42);
    near(await find('Paris, France'), 48.85, 2.35);
    near(await find('paris fr'.replace(' ', ', ')), 48.85, 2.35);
    near(await find('London, Canada'), 42.98, -81.23);
    near(await find('São Paulo'), -23.55, -46.64);
    near(await find('sao paulo'), -23.55, -46.64);
    // ...while US places keep their US answers.
    near(await find('Washington'), 38.9, -77.03);
    near(await find('Columbus'), 39.96, -83.0);
    near(await find('Columbus, OH'), 39.96, -83.0);
    near(await find('London, KY'), 37.13, -84.08);
  }, 60_000);

  it('prefers a place of that name near one of our chapters', async () => {
    const [chapter] = await t.db
      .insert(chapters)
      .values({ title: 'London ON', slug: 'london-on-test', status: 1, city: 'London' })
      .returning();
    await t.db.insert(chapterEvents).values({
      chapterId: chapter!.id,
      name: 'The Pub',
      slug: 'london-on-pub',
      address1: '1 Richmond St',
      city: 'London',
      state: 'INT',
      postalCode: 'N6A',
      country: 'Canada',
      lat: 42.98,
      lng: -81.25,
      startTime: '19:00',
      endTime: '21:00',
      isSingleDate: false,
      dayOfWeekIndex: 2,
      weeksOfMonthIndexes: '1',
    });
    const london = await find('London');
    expect(london.json().label).toBe('London, Canada');
    await t.db.update(chapters).set({ status: 0 }).where(eq(chapters.id, chapter!.id));
    expect((await find('London')).json().label).toBe('London, United Kingdom');
  });

  it('answers 404 for nonsense and 400 naming the field for an empty query', async () => {
    const none = await find('Xyzzyville Qq');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No place found for "Xyzzyville Qq".');
    const empty = await t.app.inject({ url: '/api/geocode?q=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].field).toBe('querystring.q');
  });
});

/** Ray casting: is the point inside any ring of a (multi)polygon's outer rings? */
function contains(
  geometry: { type: string; coordinates: number[][][] | number[][][][] },
  lng: number,
  lat: number,
) {
  const polygons = (
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates
  ) as number[][][][];
  return polygons.some(([ring]) => {
    let inside = false;
    for (let i = 0, j = ring!.length - 1; i < ring!.length; j = i++) {
      const [xi, yi] = ring![i]!;
      const [xj, yj] = ring![j]!;
      if (yi! > lat !== yj! > lat && lng < ((xj! - xi!) * (lat - yi!)) / (yj! - yi!) + xi!)
        inside = !inside;
    }
    return inside;
  });
}

describe('state outlines', () => {
  it('serves every state, DC and Puerto Rico; New York contains Albany', async () => {
    for (const [abbr] of STATES) {
      if (abbr === 'INT') continue;
      const res = await t.app.inject({ url: `/assets/geo/${abbr}.geo.json` });
      expect(res.statusCode, abbr).toBe(200);
    }
    const ny = await t.app.inject({ url: '/assets/geo/NY.geo.json' });
    expect(ny.headers['content-type']).toMatch(/application\/geo\+json/);
    const body = ny.json();
    expect(body.type).toBe('FeatureCollection');
    expect(contains(body.features[0].geometry, -73.7562, 42.6526)).toBe(true);
    expect(contains(body.features[0].geometry, -71.0589, 42.3601)).toBe(false); // Boston
  });

  it('answers 404 for an unknown state', async () => {
    expect((await t.app.inject({ url: '/assets/geo/XX.geo.json' })).statusCode).toBe(404);
  });
});
