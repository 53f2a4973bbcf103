// Answers that every visitor gets alike (the home map, a state's chapters, a chapter's page, the
// web app's pages themselves), kept ready to send: the text checked against the route's schema
// once, its gzip and an ETag. Each app server builds an answer at most once per TTL (one build at
// a time however many ask). Each answer says what it shows (answerKeys.ts `shows`); a write
// names what it changed (`changed`) through forgetAnswers, and every app server on the database
// forgets the answers showing any of it at once (answerNotices.ts: LISTEN/NOTIFY). The TTL stays
// as the backstop for what no write announces (time passing, a notice lost while a server was
// not listening). README.md in this folder tells the whole story.
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import type { Notices } from '../db/notices';
import { EVERY_ANSWER } from './answerKeys';
import { jsonAnswers, toCachedAnswer, type AnswerFormat, type CachedAnswer } from './answerFormats';
import { listenForForgetting, type AnswerForgetting } from './answerNotices';
import { checksOwnAnswers } from '../config';

/** Lists what an answer shows, from the value built (answerKeys.ts `shows`). */
export type Shows = (value: never) => readonly string[];

/** A built answer with what it shows that it does not itself name, and its status. */
class Showing {
  constructor(
    readonly value: unknown,
    /** null: not known, so any change forgets it. */
    readonly things: readonly string[] | null,
    readonly status: number,
  ) {}
}

/**
 * What a build returns when its answer shows things the answer itself does not name, so that
 * `shows` could not list them from it: the authors of a page of posts (by id, which the answer
 * leaves out), the events behind a calendar's text, what a page of the web app was drawn from
 * (undefined: anything, forgotten by every change). The cache keeps `value` and forgets it when
 * any of `things` changes. A page may be kept with another status than 200 (a 404 page).
 */
export function answerShowing(
  value: unknown,
  things: readonly string[] | undefined,
  status = 200,
): unknown {
  return new Showing(value, things ?? null, status);
}

/** The answer itself, whether or not its build said what it shows with answerShowing. */
export function answerOf(built: unknown): unknown {
  return built instanceof Showing ? built.value : built;
}

/** What a built answer shows: what its build said and what `shows` finds in it. */
function shownBy(built: unknown, value: unknown, shows: Shows | undefined) {
  const found = shows ? shows(value as never) : null;
  if (!(built instanceof Showing)) return found ? new Set(found) : null;
  if (built.things === null && found === null) return null;
  return new Set([...(built.things ?? []), ...(found ?? [])]);
}

/** How a cache's answers were found, counted since start (the app's caches share one: /metrics). */
export interface CacheTally {
  fresh: number; // kept, within the TTL
  stale: number; // kept, past the TTL, sent once more while the next is built
  built: number; // waited for a build
}

export interface CacheOptions {
  /**
   * Whether an answer past its TTL is sent once more while its next one is built (the default).
   * Not for pages: a page carries the answers it was drawn with, and the app asks again for
   * any older than its own staleTime, so an old page costs the visitor a second fetch.
   */
  sendsStale?: boolean;
  tally?: CacheTally; // where its lookups are counted
}

export interface AnswerCache {
  /**
   * The answer for `key`, built by `build` when missing or older than the TTL. `shows` lists
   * what it shows (and so may the build, with answerShowing); when neither does, the answer is
   * forgotten by every change anyone announces.
   */
  get(key: string, build: () => Promise<unknown>, shows?: Shows): Promise<CachedAnswer>;
  /** The answer for `key` if it is kept and within its TTL, without building anything. */
  peek(key: string): CachedAnswer | null;
  /** Forgets the answers showing any of `things` (EVERY_ANSWER: all of them). */
  forget(things: readonly string[]): void;
  clear(): void;
  /** The Content-Type of its answers. */
  readonly contentType: string;
}

/**
 * At most `maxEntries` answers; the oldest built goes first. A TTL of 0 keeps nothing. A schema
 * for `format` means JSON answers checked against it.
 */
export function createAnswerCache(
  format: ZodType | AnswerFormat,
  ttlMs: number,
  maxEntries = 1000,
  { sendsStale = true, tally = { fresh: 0, stale: 0, built: 0 } }: CacheOptions = {},
): AnswerCache {
  const answerFormat = 'contentType' in format ? format : jsonAnswers(format);
  const answers = new Map<string, CachedAnswer>();
  const building = new Map<string, Promise<CachedAnswer>>();
  // Which answers show each thing, and those that did not say.
  const showing = new Map<string, Set<string>>();
  const undeclared = new Set<string>();
  // What was forgotten while builds were running: a build that started before a change may
  // not have it, so it is sent but not kept. Emptied whenever nothing is building.
  let forgets = 0;
  let forgotten: { at: number; things: ReadonlySet<string> }[] = [];

  const drop = (key: string) => {
    const answer = answers.get(key);
    if (!answer) return;
    answers.delete(key);
    undeclared.delete(key);
    for (const thing of answer.shows ?? []) {
      const keys = showing.get(thing);
      keys?.delete(key);
      if (keys?.size === 0) showing.delete(thing);
    }
  };

  const keep = (key: string, answer: CachedAnswer) => {
    drop(key);
    answers.set(key, answer);
    if (answer.shows === null) undeclared.add(key);
    for (const thing of answer.shows ?? []) {
      const keys = showing.get(thing) ?? new Set<string>();
      keys.add(key);
      showing.set(thing, keys);
    }
    if (answers.size > maxEntries) drop(answers.keys().next().value!);
  };

  const staleSince = (startedAt: number, shows: CachedAnswer['shows']) =>
    forgotten.some(
      (f) =>
        f.at > startedAt &&
        (shows === null || f.things.has(EVERY_ANSWER) || [...f.things].some((t) => shows.has(t))),
    );

  const startBuild = (key: string, build: () => Promise<unknown>, shows: Shows | undefined) => {
    const startedAt = forgets;
    const promise = build()
      .then(async (built) => {
        const value = answerOf(built);
        const declared = shownBy(built, value, shows);
        const status = built instanceof Showing ? built.status : 200;
        const answer = await toCachedAnswer(value, answerFormat, declared, status);
        if (ttlMs > 0 && !staleSince(startedAt, declared)) keep(key, answer);
        return answer;
      })
      .finally(() => {
        if (building.get(key) === promise) building.delete(key);
        if (building.size === 0) forgotten = [];
      });
    building.set(key, promise);
    return promise;
  };

  const cache: AnswerCache = {
    contentType: answerFormat.contentType,
    peek(key) {
      const current = answers.get(key);
      return current && Date.now() - current.builtAt < ttlMs ? current : null;
    },
    get(key, build, shows) {
      const kept = answers.get(key);
      if (kept && Date.now() - kept.builtAt < ttlMs) {
        tally.fresh += 1;
        return Promise.resolve(kept);
      }
      const pending = building.get(key) ?? startBuild(key, build, shows);
      // Past its TTL, an answer no write has changed is sent once more while its next one is
      // built: time passing is the only thing it can have missed, and no visitor waits for it.
      if (kept && sendsStale) {
        tally.stale += 1;
        pending.catch(() => {});
        return Promise.resolve(kept);
      }
      tally.built += 1;
      return pending;
    },
    forget(things) {
      if (things.length === 0) return;
      if (things.includes(EVERY_ANSWER)) {
        cache.clear();
        return;
      }
      forgets += 1;
      if (building.size > 0) forgotten.push({ at: forgets, things: new Set(things) });
      const keys = new Set(undeclared);
      for (const thing of things) for (const key of showing.get(thing) ?? []) keys.add(key);
      for (const key of keys) drop(key);
    },
    clear() {
      forgets += 1;
      answers.clear();
      showing.clear();
      undeclared.clear();
      // Builds under way are not waited for again, and what they bring back is not kept.
      for (const [key, promise] of building) {
        building.delete(key);
        void promise.catch(() => {});
      }
      forgotten = [];
    },
  };
  return cache;
}

const forgetting = new WeakMap<FastifyInstance, AnswerForgetting>();
const tallies = new WeakMap<FastifyInstance, CacheTally>();

/**
 * Before any route: the app's caches, forgotten when this or any other app server on the
 * database announces a change (forgetAnswers). Without `notices` (a test's second app), changes
 * are forgotten on this server only.
 */
export function registerAnswerCaches(app: FastifyInstance, notices?: Notices): void {
  const bus = listenForForgetting(notices, app.log);
  forgetting.set(app, bus);
  tallies.set(app, { fresh: 0, stale: 0, built: 0 });
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.stop());
}

/** How the app's caches found their answers since start (all of them together). */
export function answerCacheTally(app: FastifyInstance): CacheTally {
  return busOf(app) && tallies.get(app)!;
}

function busOf(app: FastifyInstance): AnswerForgetting {
  const bus = forgetting.get(app);
  if (!bus) throw new Error('registerAnswerCaches(app) must run before the routes');
  return bus;
}

export function appAnswerCache(
  app: FastifyInstance,
  format: ZodType | AnswerFormat,
  ttlMs: number,
  options: CacheOptions = {},
): AnswerCache {
  const cache = createAnswerCache(
    'contentType' in format ? format : jsonAnswers(format, checksOwnAnswers(app.config.env)),
    ttlMs,
    undefined,
    { tally: answerCacheTally(app), ...options },
  );
  busOf(app).caches.add(cache);
  return cache;
}

/**
 * For answers kept outside these caches (the home map, modules/chapters/mapAnswer.ts): hears
 * whatever this server forgets, from its own writes and from every notice, as the caches do.
 */
export function onAnswersForgotten(
  app: FastifyInstance,
  listener: { forget(things: readonly string[]): void; clear(): void },
): void {
  busOf(app).caches.add(listener);
}

/**
 * After a write is committed: this server forgets the answers showing `things` (answerKeys.ts
 * `changed`) now, and every app server on the database as soon as the notice reaches it.
 */
export function forgetAnswers(app: FastifyInstance, things: readonly string[]): Promise<void> {
  return busOf(app).forget(things);
}

/**
 * As forgetAnswers, for a change made many times a second: this server forgets now, the others
 * within answerNotices.ts GATHER_MS, in one notice for everything changed meanwhile.
 */
export function forgetAnswersSoon(app: FastifyInstance, things: readonly string[]): void {
  busOf(app).forgetSoon(things);
}

/** Resolves with what the next notice this server hears names (tests wait on it, not a clock). */
export function nextAnswerNotice(app: FastifyInstance): Promise<readonly string[]> {
  return busOf(app).nextNotice();
}
