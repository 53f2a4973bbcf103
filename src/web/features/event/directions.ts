// Ways to get to an event without any map API key: OpenStreetMap's directions (the visitor picks
// where from), and a geo: link that phones open in their own maps app.
import { addressLine } from '../../../common/address';

export interface Place {
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  lat: number;
  lng: number;
}

const placed = (p: Place) => p.lat !== 0 && p.lng !== 0;

/** OpenStreetMap directions to the place; its search when it has no coordinates. */
export function directionsUrl(place: Place): string {
  if (!placed(place)) {
    return `https://www.openstreetmap.org/search?query=${encodeURIComponent(addressLine(place))}`;
  }
  const at = `${place.lat.toFixed(5)},${place.lng.toFixed(5)}`;
  return `https://www.openstreetmap.org/directions?to=${encodeURIComponent(at)}#map=17/${place.lat.toFixed(5)}/${place.lng.toFixed(5)}`;
}

/** A geo: URI (RFC 5870) with the place's name, for the phone's maps app. */
export function geoUri(place: Place): string {
  if (!placed(place)) return `geo:0,0?q=${encodeURIComponent(addressLine(place))}`;
  const at = `${place.lat.toFixed(5)},${place.lng.toFixed(5)}`;
  return `geo:${at}?q=${encodeURIComponent(`${at}(${place.name})`)}`;
}
