// The example in the skip-date note's empty box: a day off the chapter's own country keeps, so
// a London host is not offered Thanksgiving. Countries as chapters store them (ISO 3166 codes);
// a chapter with none is in the US, as a new event assumes (eventFormValues.ts).

const BY_COUNTRY: Record<string, string> = {
  US: 'No meeting on Thanksgiving',
  GB: 'No meeting on the bank holiday',
  CA: 'No meeting on Canada Day',
};

/** Any other country: no holiday named. */
const ANYWHERE = 'No meeting over the holidays';

export function skipNoteExample(country: string): string {
  return BY_COUNTRY[country.trim().toUpperCase() || 'US'] ?? ANYWHERE;
}
