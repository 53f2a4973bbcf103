// Place search without a network service: the `zipcodes` package's US ZIP codes (with city,
// state and coordinates) answer a ZIP, "City, ST", "City ST", a bare city or a state; the
// world's cities (worldCities.ts) answer "City, Country" and the cities abroad that are bigger,
// or nearer our chapters, than a US town of the same name.
import { createRequire } from 'node:module';
import { STATES, stateName } from '../../../common/states';
import { distanceKm, type LatLng } from '../../../common/geo';
import { citiesNamed, countryCode, countryName, type WorldCity } from './worldCities';

export interface Place {
  lat: number;
  lng: number;
  label: string;
}

interface Entry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

// Loaded on the first search, not at start-up: the package's 5 MB of source costs an idle
// server some 60 MB of memory, and most requests never search.
const require = createRequire(import.meta.url);
let zipData: typeof import('zipcodes') | null = null;
const zipcodes = () => (zipData ??= require('zipcodes') as typeof import('zipcodes'));

const all = (): Entry[] => Object.values(zipcodes().codes as Record<string, Entry>);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// The median, not the mean: a few ZIPs (PO boxes, unique ZIPs) carry far-off coordinates.
const centre = (entries: Entry[]) => ({
  lat: median(entries.map((e) => e.latitude)),
  lng: median(entries.map((e) => e.longitude)),
});

let byCity: Map<string, Entry[]> | null = null;
/** Every ZIP under a city name, over all states; built on first use. */
function cityIndex(): Map<string, Entry[]> {
  if (!byCity) {
    byCity = new Map();
    for (const e of all()) {
      if (!e.city || !stateName(e.state)) continue;
      const key = e.city.toLowerCase();
      const list = byCity.get(key) ?? [];
      list.push(e);
      byCity.set(key, list);
    }
  }
  return byCity;
}

function stateByText(text: string): string | undefined {
  const t = text.toLowerCase();
  return STATES.find(
    ([abbr, name]) => abbr !== 'INT' && (abbr.toLowerCase() === t || name.toLowerCase() === t),
  )?.[0];
}

function cityPlace(city: string, state?: string): Place | null {
  const entries = (cityIndex().get(city.toLowerCase()) ?? []).filter(
    (e) => !state || e.state === state,
  );
  if (entries.length === 0) return null;
  // A bare city name means the biggest place of that name: the state where it has most ZIPs.
  const counts = new Map<string, Entry[]>();
  for (const e of entries) counts.set(e.state, [...(counts.get(e.state) ?? []), e]);
  const [bestState, inState] = [...counts.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  return { ...centre(inState), label: `${inState[0]!.city}, ${bestState}` };
}

function statePlace(abbr: string): Place | null {
  const entries = all().filter((e) => e.state === abbr);
  return entries.length ? { ...centre(entries), label: stateName(abbr) ?? abbr } : null;
}

// A big city (New York, Washington) is meant more often than the state of the same name.
const BIG_CITY_ZIPS = 20;
// A US city's size when the world list does not know it by that name ("Washington" is
// "Washington, D.C." there): people per ZIP code, roughly.
const PEOPLE_PER_ZIP = 10_000;
// A place near one of our chapters is more likely the one meant: "London" where we have a
// chapter in London, Ontario is that London.
const NEAR_CHAPTER_KM = 100;
const NEAR_CHAPTER_WEIGHT = 50;

function weight(place: LatLng, population: number, chapters: readonly LatLng[]): number {
  const near = chapters.some((c) => distanceKm(c, place) <= NEAR_CHAPTER_KM);
  return population * (near ? NEAR_CHAPTER_WEIGHT : 1);
}

function worldPlace(city: WorldCity): Place {
  const where = city.country === 'US' ? city.admin : countryName(city.country);
  return { lat: city.lat, lng: city.lng, label: `${city.name}, ${where}` };
}

/** The likeliest of `cities` by population and nearness to our chapters. */
function likeliest(cities: WorldCity[], chapters: readonly LatLng[]) {
  let best: { city: WorldCity; score: number } | null = null;
  for (const city of cities) {
    const score = weight(city, city.population, chapters);
    if (!best || score > best.score) best = { city, score };
  }
  return best;
}

/**
 * The place a visitor typed, or null. `chapters` (where our chapters meet) breaks ties between
 * places of one name in favour of the one near a chapter.
 */
export function geocode(query: string, chapters: readonly LatLng[] = []): Place | null {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return null;
  const zip = /^(\d{5})(-\d{4})?$/.exec(q);
  if (zip) {
    const found = zipcodes().lookup(zip[1]!) as Entry | undefined;
    return found
      ? {
          lat: found.latitude,
          lng: found.longitude,
          label: `${found.city}, ${found.state} ${zip[1]}`,
        }
      : null;
  }
  const withState = /^(.+?),?\s+([A-Za-z]{2})$/.exec(q) ?? /^(.+?),\s*(.+)$/.exec(q);
  if (withState) {
    const state = stateByText(withState[2]!);
    if (state) {
      const place = cityPlace(withState[1]!, state);
      if (place) return place;
    }
  }
  const withCountry = /^(.+?),\s*(.+)$/.exec(q);
  const country = withCountry ? countryCode(withCountry[2]!) : undefined;
  if (withCountry && country) {
    const best = likeliest(citiesNamed(withCountry[1]!, country), chapters);
    if (best) return worldPlace(best.city);
  }
  const state = stateByText(q);
  const usEntries = cityIndex().get(q.toLowerCase());
  if (state && (!usEntries || usEntries.length < BIG_CITY_ZIPS)) return statePlace(state);
  const us = cityPlace(q);
  const abroad = likeliest(
    citiesNamed(q).filter((c) => c.country !== 'US'),
    chapters,
  );
  if (us) {
    const [, st] = us.label.split(', ');
    const known = citiesNamed(q, 'US').find((c) => c.admin === st)?.population ?? 0;
    const inState = usEntries?.filter((e) => e.state === st).length ?? 0;
    const usScore = weight(us, Math.max(known, inState * PEOPLE_PER_ZIP), chapters);
    if (!abroad || usScore >= abroad.score) return us;
  }
  if (abroad) return worldPlace(abroad.city);
  return state ? statePlace(state) : null;
}

/** Coordinates for an event's address: its ZIP, else its city and state. */
export function geocodeAddress(address: {
  city: string;
  state: string;
  postalCode: string;
}): Place | null {
  const byZip = /^\d{5}/.test(address.postalCode) ? geocode(address.postalCode.slice(0, 5)) : null;
  return byZip ?? (address.city ? cityPlace(address.city, stateByText(address.state)) : null);
}

/**
 * A ZIP code of a US city, for a form that needs one (a chapter made from an application, which
 * asks only for city and state): the city's ZIP nearest its centre, or null for a city the
 * gazetteer does not know in that state.
 */
export function postalCodeOf(
  city: string,
  state: string,
): { postalCode: string; label: string } | null {
  const abbr = stateByText(state.trim());
  const name = city.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!abbr || !name) return null;
  const entries = (cityIndex().get(name) ?? []).filter((e) => e.state === abbr);
  if (entries.length === 0) return null;
  const mid = centre(entries);
  let best: { zip: string; km: number } | null = null;
  for (const { zip, latitude: lat, longitude: lng } of entries) {
    const km = distanceKm(mid, { lat, lng });
    if (!best || km < best.km || (km === best.km && zip < best.zip)) best = { zip, km };
  }
  return best && { postalCode: best.zip, label: `${entries[0]!.city}, ${abbr}` };
}
