// How the site writes a postal address. Chapters outside the US file under the state list's
// 'INT' (International); that is where the directory lists them, not part of anyone's address.
import { stateName } from './states';

/** The state list's entry for chapters outside the US (common/states.ts). */
export const INTERNATIONAL_STATE = 'INT';

export interface PostalAddress {
  address1?: string;
  address2?: string;
  city: string;
  state: string;
  postalCode: string;
}

/** The address's state or province, or '' for the International pseudo-state. */
export function addressRegion(state: string): string {
  const region = state.trim();
  return region.toUpperCase() === INTERNATIONAL_STATE ? '' : region;
}

/**
 * Where a chapter, a meeting or an application is, for a reader: 'New York, NY', 'Toronto' for
 * an International one. `regionName` writes the region out ('Texas'), where a screen does.
 */
export function placeName(
  place: Pick<PostalAddress, 'city' | 'state'>,
  regionName: (region: string) => string = (region) => region,
): string {
  const region = addressRegion(place.state);
  return [place.city.trim(), region && regionName(region)].filter(Boolean).join(', ');
}

/** 'Austin, Texas'; 'Toronto' abroad: where a screen or page writes the state out. */
export function placeNameInFull(place: Pick<PostalAddress, 'city' | 'state'>): string {
  return placeName(place, (region) => stateName(region) ?? region);
}

/** 'Washington, DC 20003'; 'London, WC1N 3LZ' for an International one. */
export function cityLine(place: PostalAddress): string {
  const regionAndCode = [addressRegion(place.state), place.postalCode.trim()]
    .filter(Boolean)
    .join(' ');
  return [place.city.trim(), regionAndCode].filter(Boolean).join(', ');
}

/** The street lines, then the city line: '329 Pennsylvania Ave SE, Washington, DC 20003'. */
export function streetLine(place: {
  address1?: string | null | undefined;
  address2?: string | null | undefined;
}): string {
  return [place.address1?.trim(), place.address2?.trim()].filter(Boolean).join(', ');
}

/** The whole address on one line. */
export function addressLine(place: PostalAddress): string {
  return [streetLine(place), cityLine(place)].filter(Boolean).join(', ');
}
