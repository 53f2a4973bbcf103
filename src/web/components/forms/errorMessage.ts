import { ApiError } from '../../api';

/** What to tell the user about a failed call: the server's own words when it gave some. */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.') {
  if (err instanceof ApiError && err.status !== 0 && err.status < 500) {
    return err.fields?.length ? err.fields.map((f) => f.message).join(' ') : err.message;
  }
  if (err instanceof ApiError && err.status === 0) return err.message;
  return fallback;
}
