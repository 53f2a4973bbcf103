// The next dates of a chapter, a state, a type or the network, kept between the builds of the
// answers that show them (the widget's list and the frames, at every `limit` and theme; a
// state's map pins, which are each chapter's next meeting, likewise: mapFrame.ts). Those
// answers are built again every TTL (10 s) for their going counts; working out a state's next
// dates means reading every chapter of the state with its events and exceptions (about 400 at
// 20,000 chapters), while what comes out changes only when a chapter or an event of the scope
// changes (answer notices, this server's and every other's) or when time passes one of the dates.
// So the dates are kept until the first of them is over, or until the next quarter hour (see
// `keptUntil`), and forgotten with the answers that show what they show.
import { EVERY_ANSWER } from '../../caching/answerKeys';

export interface KeptDates<T> {
  value: T;
  /** What the dates show (answerKeys.ts): forgotten with any of it. */
  shows: readonly string[];
  /** Epoch ms: from then on, time passing may have changed them. */
  until: number;
}

interface Entry<T> {
  value: T;
  shows: ReadonlySet<string>;
  until: number;
}

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * Until when dates worked out at `now` stay what they would be if worked out again, given their
 * ends (`ends`, the listed dates' end instants, ms). A listed date drops out when it is over, so
 * the first end bounds them. Dates can also come in as time passes, but only when a day turns
 * in some chapter's zone (recurrence.ts searches from the local yesterday; exceptions.ts loads
 * from two UTC days back): every zone is a whole number of quarter hours from UTC, so no day
 * turns anywhere before the next quarter hour of UTC.
 */
export function keptUntil(now: Date, ends: readonly number[]): number {
  const quarter = (Math.floor(now.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
  return Math.min(quarter, ...ends);
}

export interface DatesMemo<T> {
  /** The dates kept for `key` if still good at `now`; else built (one build per key at once). */
  get(key: string, now: Date, build: () => Promise<KeptDates<T>>): Promise<T>;
  forget(things: readonly string[]): void;
  clear(): void;
}

/** At most `maxEntries` scopes kept; the oldest built goes first. */
export function createDatesMemo<T>(maxEntries = 500): DatesMemo<T> {
  const kept = new Map<string, Entry<T>>();
  const building = new Map<string, Promise<T>>();
  // What was forgotten while builds ran: a build that began before a change may not have it,
  // so it is used for its own answer but not kept (as caching/answerCache.ts does).
  let generation = 0;
  let forgotten: { at: number; things: ReadonlySet<string> | null }[] = [];

  const touched = (since: number, shows: ReadonlySet<string>) =>
    forgotten.some(
      (f) => f.at > since && (f.things === null || [...f.things].some((t) => shows.has(t))),
    );

  const memo: DatesMemo<T> = {
    get(key, now, build) {
      const entry = kept.get(key);
      if (entry && now.getTime() < entry.until) return Promise.resolve(entry.value);
      const pending = building.get(key);
      if (pending) return pending;
      const startedAt = generation;
      const promise = build()
        .then(({ value, shows, until }) => {
          const entry = { value, shows: new Set(shows), until };
          if (!touched(startedAt, entry.shows)) {
            kept.delete(key);
            kept.set(key, entry);
            if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
          }
          return value;
        })
        .finally(() => {
          building.delete(key);
          if (building.size === 0) forgotten = [];
        });
      building.set(key, promise);
      return promise;
    },
    forget(things) {
      if (things.length === 0) return;
      if (things.includes(EVERY_ANSWER)) return memo.clear();
      generation += 1;
      const names = new Set(things);
      if (building.size > 0) forgotten.push({ at: generation, things: names });
      for (const [key, entry] of kept) {
        if (things.some((t) => entry.shows.has(t))) kept.delete(key);
      }
    },
    clear() {
      generation += 1;
      if (building.size > 0) forgotten.push({ at: generation, things: null });
      kept.clear();
    },
  };
  return memo;
}
