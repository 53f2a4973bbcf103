// Public answers that every visitor gets alike (the home map, a state's chapters, a chapter's
// page), kept ready to send: the JSON checked against the route's schema once, its gzip and an
// ETag. Each app server builds an answer at most once per TTL (one build at a time however many
// ask). Each answer says what it shows (answerKeys.ts `shows`); a write names what it changed
// (`changed`) through forgetAnswers, and every app server on the database forgets the answers
// showing any of it at once (answerNotices.ts: LISTEN/NOTIFY). The TTL stays as the backstop
// for what no write announces (time passing, a notice lost while a server was not listening).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { User } from '../../common/schemas/auth';
import type { Notices } from '../db/notices';
import { EVERY_ANSWER } from './answerKeys';
import { listenForForgetting, type AnswerForgetting } from './answerNotices';

export interface CachedAnswer {
  json: string;
  gzip: Buffer;
  etag: string;
  builtAt: number;
  /** What it shows (answerKeys.ts), or null when undeclared: then any change forgets it. */
  shows: ReadonlySet<string> | null;
}

function toCachedAnswer(value: unknown, schema: ZodType, shows: CachedAnswer['shows']) {
  // Checked once per build, as the route's response schema would check every answer.
  const json = JSON.stringify(schema.parse(value));
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { json, gzip: gzipSync(json), etag, builtAt: Date.now(), shows };
}

/** Lists what an answer shows, from the value built (answerKeys.ts `shows`). */
export type Shows = (value: never) => readonly string[];

export interface AnswerCache {
  /**
   * The answer for `key`, built by `build` when missing or older than the TTL. `shows` lists
   * what it shows; without it, the answer is forgotten by every change anyone announces.
   */
  get(key: string, build: () => Promise<unknown>, shows?: Shows): Promise<CachedAnswer>;
  /** Forgets the answers showing any of `things` (EVERY_ANSWER: all of them). */
  forget(things: readonly string[]): void;
  clear(): void;
}

/** At most `maxEntries` answers; the oldest built goes first. A TTL of 0 keeps nothing. */
export function createAnswerCache(schema: ZodType, ttlMs: number, maxEntries = 1000): AnswerCache {
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

  const cache: AnswerCache = {
    get(key, build, shows) {
      const current = answers.get(key);
      if (current && Date.now() - current.builtAt < ttlMs) return Promise.resolve(current);
      const pending = building.get(key);
      if (pending) return pending;
      const startedAt = forgets;
      const promise = build()
        .then((value) => {
          const declared = shows ? new Set(shows(value as never)) : null;
          const answer = toCachedAnswer(value, schema, declared);
          if (ttlMs > 0 && !staleSince(startedAt, declared)) keep(key, answer);
          return answer;
        })
        .finally(() => {
          if (building.get(key) === promise) building.delete(key);
          if (building.size === 0) forgotten = [];
        });
      building.set(key, promise);
      return promise;
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

/**
 * Before any route: the app's caches, forgotten when this or any other app server on the
 * database announces a change (forgetAnswers). Without `notices` (a test's second app), changes
 * are forgotten on this server only.
 */
export function registerAnswerCaches(app: FastifyInstance, notices?: Notices): void {
  const bus = listenForForgetting(notices, app.log);
  forgetting.set(app, bus);
  app.addHook('onReady', () => bus.start());
  app.addHook('onClose', () => bus.stop());
}

function busOf(app: FastifyInstance): AnswerForgetting {
  const bus = forgetting.get(app);
  if (!bus) throw new Error('registerAnswerCaches(app) must run before the routes');
  return bus;
}

export function appAnswerCache(app: FastifyInstance, schema: ZodType, ttlMs: number): AnswerCache {
  const cache = createAnswerCache(schema, ttlMs);
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

/** Resolves with what the next notice this server hears names (tests wait on it, not a clock). */
export function nextAnswerNotice(app: FastifyInstance): Promise<readonly string[]> {
  return busOf(app).nextNotice();
}

/** Sends a cached answer: 304 to a matching revalidation, gzip to those who accept it. */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
): FastifyReply {
  void reply
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  void reply.type('application/json; charset=utf-8');
  return gzip
    ? reply.header('content-encoding', 'gzip').send(answer.gzip)
    : reply.send(answer.json);
}

export interface PublicAnswer {
  /** The answer for this caller (null: a visitor). */
  build(user: User | null): Promise<unknown>;
  shows?: Shows;
  /**
   * Whether this signed-in caller gets the visitors' `answer` (their roles change nothing in
   * it): a rule of the module's visibility policy. Without it, signed-in callers never do.
   */
  fitsCaller?(user: User, answer: CachedAnswer): boolean;
}

/**
 * A public read whose answer may depend on who asks: visitors, and signed-in users whose roles
 * change nothing in it, get it from `cache`; anyone else gets it built for them every time.
 * `rawReply` is the route's reply, whatever its schema types it as; the route returns it.
 */
export async function sendPublicAnswer(
  request: FastifyRequest,
  rawReply: unknown,
  cache: AnswerCache,
  key: string,
  { build, shows, fitsCaller }: PublicAnswer,
): Promise<void> {
  const reply = rawReply as FastifyReply;
  const user = request.user;
  const visitors = () => cache.get(key, () => build(null), shows);
  if (!user) {
    sendCachedAnswer(request, reply, await visitors(), 'private, no-cache');
    return;
  }
  if (fitsCaller) {
    // What visitors get may be a 404 (a hidden chapter) that this caller's roles would show.
    const answer = await visitors().catch(() => null);
    if (answer && fitsCaller(user, answer)) {
      sendCachedAnswer(request, reply, answer, 'private, no-cache');
      return;
    }
  }
  void reply.send(await build(user));
}
