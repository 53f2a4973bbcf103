import { describe, expect, it } from 'vitest';
import { addressLine, addressRegion, cityLine, placeName, placeNameInFull } from './address';

const lamb = {
  address1: "94 Lamb's Conduit St",
  address2: '',
  city: 'London',
  state: 'INT',
  postalCode: 'WC1N 3LZ',
};

describe('address', () => {
  it('writes a US address with its state', () => {
    const dove = { ...lamb, address1: '329 Pennsylvania Ave SE', city: 'Washington' };
    expect(addressLine({ ...dove, state: 'DC', postalCode: '20003' })).toBe(
      '329 Pennsylvania Ave SE, Washington, DC 20003',
    );
  });

  it('leaves the International pseudo-state out of an address abroad', () => {
    expect(cityLine(lamb)).toBe('London, WC1N 3LZ');
    expect(addressLine(lamb)).toBe("94 Lamb's Conduit St, London, WC1N 3LZ");
    expect(addressRegion('int')).toBe('');
  });

  it('names a place by its city and state, and abroad by its city alone', () => {
    expect(placeName({ city: 'New York', state: 'NY' })).toBe('New York, NY');
    expect(placeName({ city: 'Toronto', state: 'INT' })).toBe('Toronto');
    expect(placeNameInFull({ city: 'Austin', state: 'TX' })).toBe('Austin, Texas');
    expect(placeNameInFull({ city: 'Berlin', state: 'int' })).toBe('Berlin');
  });

  it('keeps a province given in place of a state', () => {
    expect(cityLine({ city: 'Toronto', state: 'ON', postalCode: 'M5B 1T8' })).toBe(
      'Toronto, ON M5B 1T8',
    );
  });

  it('leaves out the parts an address lacks', () => {
    expect(addressLine({ city: 'London', state: '', postalCode: '' })).toBe('London');
    expect(addressLine({ address2: 'Upstairs', city: '', state: 'INT', postalCode: '' })).toBe(
      'Upstairs',
    );
  });
});
