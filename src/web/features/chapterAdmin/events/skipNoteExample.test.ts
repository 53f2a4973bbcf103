import { describe, expect, it } from 'vitest';
import { skipNoteExample } from './skipNoteExample';

describe('the skip note example', () => {
  it('names a holiday of the chapter’s country', () => {
    expect(skipNoteExample('US')).toBe('No meeting on Thanksgiving');
    expect(skipNoteExample('GB')).toBe('No meeting on the bank holiday');
    expect(skipNoteExample('ca')).toBe('No meeting on Canada Day');
  });

  it('names none for a country it has no holiday for', () => {
    expect(skipNoteExample('DE')).toBe('No meeting over the holidays');
  });

  it('takes a chapter with no country to be in the US', () => {
    expect(skipNoteExample('')).toBe('No meeting on Thanksgiving');
  });
});
