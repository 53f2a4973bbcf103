// A page of a public press list (spec 1 §7: a chapter's, a state's, the network's). The calls
// keep the spec's answer, an array newest first, bounded: the newest LIMITS.pressMentionsPage
// unless `limit` asks for another number, from `offset` on. A screen asks for one more than it
// shows: when that one comes, there are more, and its More button asks from where it stopped.
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MAX_PRESS_MENTION_COUNT } from './chapters';

/** The furthest a list may be paged into: no real list is near it; it bounds the query's work. */
export const MAX_PRESS_OFFSET = 100_000;

/** A whole number in a query string, from `min` to `max`; anything else is a 400 naming it. */
function whole(what: string, min: number, max: number) {
  const message = `Expected ${what} from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

export const pressPageQuerySchema = z.object({
  offset: whole('an offset', 0, MAX_PRESS_OFFSET).default(0),
  limit: whole('a limit', 1, MAX_PRESS_MENTION_COUNT).default(LIMITS.pressMentionsPage),
});
export type PressPage = z.output<typeof pressPageQuerySchema>;
