// The web app's pages (index.html with each path's own meta, plugins/web.ts) kept ready to send,
// as the visitors' JSON answers are (answerCache.ts): the HTML, its gzip and an ETag, per path.
// A page is the same for everyone (the server never reads who asks to make it), so signed-in
// users get it too. Each page says what it shows (answerKeys.ts names); it is forgotten when a
// write on any app server announces a change to any of that, and after the TTL at the latest
// (pages with dates in them move on with the clock).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVERY_ANSWER } from './answerKeys';

export interface BuiltPage {
  status: number;
  html: string;
  /** What the page shows (answerKeys.ts); undefined: any change forgets it. */
  shows?: readonly string[] | undefined;
}

export interface KeptPage {
  status: number;
  html: string;
  gzip: Buffer;
  etag: string;
  builtAt: number;
  shows: ReadonlySet<string> | null;
}

export interface PageCache {
  /** The page at `path`, built by `build` when missing or older than the TTL. */
  get(path: string, build: () => Promise<BuiltPage>): Promise<KeptPage>;
  /** The page at `path` if it is kept and within its TTL, without building anything. */
  peek(path: string): KeptPage | null;
  /** Forgets the pages showing any of `things` (EVERY_ANSWER: all). */
  forget(things: readonly string[]): void;
  clear(): void;
}

function keep(page: BuiltPage): KeptPage {
  return {
    status: page.status,
    html: page.html,
    gzip: gzipSync(page.html),
    etag: `"${createHash('sha1').update(page.html).digest('base64url')}"`,
    builtAt: Date.now(),
    shows: page.shows ? new Set(page.shows) : null,
  };
}

/** At most `maxEntries` pages; the oldest built goes first. A TTL of 0 keeps nothing. */
export function createPageCache(ttlMs: number, maxEntries = 1000): PageCache {
  const pages = new Map<string, KeptPage>();
  const building = new Map<string, Promise<KeptPage>>();
  // Bumped by every forget: a page whose build began before one may lack the change; it is
  // sent, not kept. Writes are rare next to reads, so the rule need not be finer.
  let forgets = 0;

  const cache: PageCache = {
    peek(path) {
      const current = pages.get(path);
      return current && Date.now() - current.builtAt < ttlMs ? current : null;
    },
    get(path, build) {
      const current = cache.peek(path);
      if (current) return Promise.resolve(current);
      const pending = building.get(path);
      if (pending) return pending;
      const startedAt = forgets;
      const promise = build()
        .then((built) => {
          const page = keep(built);
          if (ttlMs > 0 && startedAt === forgets) {
            pages.delete(path);
            pages.set(path, page);
            if (pages.size > maxEntries) pages.delete(pages.keys().next().value!);
          }
          return page;
        })
        .finally(() => {
          if (building.get(path) === promise) building.delete(path);
        });
      building.set(path, promise);
      return promise;
    },
    forget(things) {
      if (things.length === 0) return;
      if (things.includes(EVERY_ANSWER)) return cache.clear();
      forgets += 1;
      for (const [path, page] of pages) {
        if (!page.shows || things.some((thing) => page.shows!.has(thing))) pages.delete(path);
      }
      building.clear();
    },
    clear() {
      forgets += 1;
      pages.clear();
      building.clear();
    },
  };
  return cache;
}

/** Sends a kept page: 304 to a matching revalidation, gzip to those who accept it. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: KeptPage) {
  void reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding');
  if (page.status === 200 && request.headers['if-none-match'] === page.etag)
    return reply.code(304).send();
  return /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
    ? reply.header('content-encoding', 'gzip').send(page.gzip)
    : reply.send(page.html);
}
