import { describe, expect, it } from 'vitest';
import { addressLine } from '../../../common/address';
import { directionsUrl, geoUri, type Place } from './directions';

const place: Place = {
  name: "Hawk 'n' Dove",
  address1: '329 Pennsylvania Ave SE',
  address2: '',
  city: 'Washington',
  state: 'DC',
  postalCode: '20003',
  country: 'US',
  lat: 38.8867,
  lng: -77.0025,
};

describe('directions', () => {
  it('asks OpenStreetMap for directions to the coordinates', () => {
    expect(directionsUrl(place)).toBe(
      'https://www.openstreetmap.org/directions?to=38.88670%2C-77.00250#map=17/38.88670/-77.00250',
    );
  });

  it('gives phones a geo: link with the name', () => {
    expect(geoUri(place)).toBe("geo:38.88670,-77.00250?q=38.88670%2C-77.00250(Hawk%20'n'%20Dove)");
  });

  it('searches the address when the place has no coordinates', () => {
    const unplaced = { ...place, lat: 0, lng: 0 };
    expect(addressLine(unplaced)).toBe('329 Pennsylvania Ave SE, Washington, DC 20003');
    expect(directionsUrl(unplaced)).toBe(
      'https://www.openstreetmap.org/search?query=329%20Pennsylvania%20Ave%20SE%2C%20Washington%2C%20DC%2020003',
    );
    expect(geoUri(unplaced)).toMatch(/^geo:0,0\?q=329%20Pennsylvania/);
  });
});
