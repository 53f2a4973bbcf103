import { isStateAbbr } from '../../../common/states';
import type { ApplicationPrefill } from '../../../common/schemas/applicationForm';

/**
 * The place of a search's label, for the application: 'Nashville, TN' or 'Nashville, TN 37201'
 * give the city and the state, 'Berlin, Germany' the city alone; 'your location' nothing.
 */
export function placeOfLabel(label: string): ApplicationPrefill {
  const match = /^(.+), ([A-Za-z ]+?)(?: \d{5})?$/.exec(label.trim());
  if (!match) return {};
  const [, city, region] = match;
  return isStateAbbr(region!) ? { city, state: region!.toUpperCase() } : { city };
}
