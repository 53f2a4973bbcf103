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
