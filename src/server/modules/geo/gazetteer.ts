// Place search without a network service: the `zipcodes` package's US ZIP codes (with city,
// state and coordinates) answer a ZIP, "City, ST", "City ST", a bare city or a state.
import zipcodes from 'zipcodes';
import { STATES, stateName } from '../../../common/states';

export interface Place {
  lat: number;
  lng: number;
  label: string;
}

interface Entry {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

const all = (): Entry[] => Object.values(zipcodes.codes as Record<string, Entry>);

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

/** The place a visitor typed, or null. */
export function geocode(query: string): Place | null {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return null;
  const zip = /^(\d{5})(-\d{4})?$/.exec(q);
  if (zip) {
    const found = zipcodes.lookup(zip[1]!) as Entry | undefined;
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
  const state = stateByText(q);
  const city = cityIndex().get(q.toLowerCase());
  if (state && (!city || city.length < BIG_CITY_ZIPS)) return statePlace(state);
  return cityPlace(q) ?? (state ? statePlace(state) : null);
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
