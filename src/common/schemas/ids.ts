// Row ids as requests carry them. Every id column is a PostgreSQL integer, so an id past its
// range is refused here with a 400 naming the field, rather than by the database with a 500.
import { z } from 'zod';

export const MAX_DB_ID = 2_147_483_647;

/** A row id in a JSON body: a positive whole number within the integer column's range. */
export const dbId = z
  .number()
  .int('Expected a whole number')
  .positive('Expected a positive whole number')
  .max(MAX_DB_ID, 'No such id');

/**
 * A mailing list's id (built-in or Brevo) is a positive whole number, kept as text in one
 * canonical form: decimal, no sign, no leading zeros. "4", "04" and "+4" must never be three
 * different ids to a uniqueness check and one list to the provider (that let a field organizer
 * name another chapter's list). Answers null for text that is no list id.
 */
export function canonicalListId(text: string): string | null {
  const digits = /^0*([1-9]\d{0,9})$/.exec(text.trim())?.[1];
  if (digits === undefined) return null;
  return Number(digits) <= MAX_DB_ID ? String(Number(digits)) : null;
}

export const LIST_ID_MESSAGE = 'A list id is a whole number, like 4161';

/** A chapter's list id as a form sends it: blank means no list; stored canonical. */
export const listIdSchema = z
  .string()
  .trim()
  .max(100)
  .refine((s) => s === '' || canonicalListId(s) !== null, LIST_ID_MESSAGE)
  .transform((s) => (s === '' ? null : canonicalListId(s)))
  .nullable();
