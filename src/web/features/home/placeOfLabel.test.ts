import { describe, expect, it } from 'vitest';
import { placeOfLabel } from './placeOfLabel';

describe('the place a search names, for the application', () => {
  it('takes the city and the state of a US place, with or without its ZIP code', () => {
    expect(placeOfLabel('Nashville, TN')).toEqual({ city: 'Nashville', state: 'TN' });
    expect(placeOfLabel('Nashville, TN 37201')).toEqual({ city: 'Nashville', state: 'TN' });
  });
  it('takes the city alone abroad, and nothing of a located visitor or a state', () => {
    expect(placeOfLabel('Berlin, Germany')).toEqual({ city: 'Berlin' });
    expect(placeOfLabel('your location')).toEqual({});
    expect(placeOfLabel('Tennessee')).toEqual({});
  });
});
