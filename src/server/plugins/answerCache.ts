// Public answers that every visitor gets alike (the home map, a state's chapters, a chapter's
// page), kept ready to send: the JSON checked against the route's schema once, its gzip and an
// ETag. Each app server builds an answer at most once per TTL (one build at a time however many
// ask), and forgets every answer as soon as it serves a successful change, so a single server is
// never stale; other servers catch up within the TTL, with no cross-server invalidation to go
// wrong. Signed-in users never go through here: their answers depend on who they are.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

export interface CachedAnswer {
  json: string;
  gzip: Buffer;
  etag: string;
  builtAt: number;
}

function toCachedAnswer(value: unknown, schema: ZodType): CachedAnswer {
  // Checked once per build, as the route's response schema would check every answer.
  const json = JSON.stringify(schema.parse(value));
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  return { json, gzip: gzipSync(json), etag, builtAt: Date.now() };
}

export interface AnswerCache {
  /** The answer for `key`, built by `build` when missing or older than the TTL. */
  get(key: string, build: () => Promise<unknown>): Promise<CachedAnswer>;
  clear(): void;
}

/** At most `maxEntries` answers; the oldest built goes first. A TTL of 0 keeps nothing. */
export function createAnswerCache(schema: ZodType, ttlMs: number, maxEntries = 1000): AnswerCache {
  const answers = new Map<string, CachedAnswer>();
  const building = new Map<string, Promise<CachedAnswer>>();
  let generation = 0;

  return {
    get(key, build) {
      const current = answers.get(key);
      if (current && Date.now() - current.builtAt < ttlMs) return Promise.resolve(current);
      const pending = building.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const promise = build()
        .then((value) => {
          const answer = toCachedAnswer(value, schema);
          // A change served while this was building may not be in it: send it, do not keep it.
          if (ttlMs > 0 && startedIn === generation) {
            answers.delete(key);
            answers.set(key, answer);
            if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
          }
          return answer;
        })
        .finally(() => building.delete(key));
      building.set(key, promise);
      return promise;
    },
    clear() {
      generation += 1;
      answers.clear();
      building.clear();
    },
  };
}

const caches = new WeakMap<FastifyInstance, Set<AnswerCache>>();

/**
 * Before any route: every cache made by appAnswerCache forgets its answers after each
 * successful change this app serves (any request but GET, HEAD and OPTIONS answered below 400).
 */
export function registerAnswerCaches(app: FastifyInstance): void {
  const all = new Set<AnswerCache>();
  caches.set(app, all);
  app.addHook('onResponse', async (request, reply) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || reply.statusCode >= 400) return;
    for (const cache of all) cache.clear();
  });
}

export function appAnswerCache(app: FastifyInstance, schema: ZodType, ttlMs: number): AnswerCache {
  const all = caches.get(app);
  if (!all) throw new Error('registerAnswerCaches(app) must run before the routes');
  const cache = createAnswerCache(schema, ttlMs);
  all.add(cache);
  return cache;
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

/**
 * A public read whose answer depends on who asks: built for a signed-in user every time (their
 * roles show them hidden chapters and hosts' emails), taken from `cache` for visitors.
 * `rawReply` is the route's reply, whatever its schema types it as; the route returns it.
 */
export async function sendPublicAnswer(
  request: FastifyRequest,
  rawReply: unknown,
  cache: AnswerCache,
  key: string,
  build: () => Promise<unknown>,
): Promise<void> {
  const reply = rawReply as FastifyReply;
  if (request.user) void reply.send(await build());
  else sendCachedAnswer(request, reply, await cache.get(key, build), 'private, no-cache');
}
