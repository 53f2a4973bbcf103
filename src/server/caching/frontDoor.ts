// The front door: answers that are ready before a request arrives (a visitor's cached chapter,
// state list, home map, page HTML, the built web app's files) are sent by the Node server
// itself, before Fastify parses, routes or runs a hook. Fastify answers everything else, and
// every first request of a URL: it runs every rule (routing, access, the session), and a route
// whose answer is the same for every visitor marks it with `rememberAnswer`. The door keeps that
// URL with the headers Fastify sent for it (security headers and all, so both ways answer
// alike), and from then on sends the answer's current bytes itself, for as long as the answer's
// cache holds it. When the cache has forgotten it (a write, the TTL), the door steps aside and
// Fastify builds it again.
//
// The door never decides who may see what. It only ever sends to a request with no session cookie
// the exact answer the app gave to the same URL without one; anything else (another method, a
// session cookie, an encoding the answer was not kept in) goes to Fastify. It writes no request
// log: at LOG_LEVEL=info the app's own log has Fastify's requests only (a reverse proxy's access
// log has them all). docs/decisions/19-speed.md says why it exists: Fastify's per-request work
// was most of the cost of a cached answer.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** An answer as kept ready: a status, its ETag, and its body in the encodings it was kept in. */
export interface DoorAnswer {
  status: number;
  etag: string;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
  /**
   * The plain body. Absent: a client that takes neither brotli nor gzip (when the answer has
   * them) is left to the app, which may compress the answer its own way.
   */
  identity?: Buffer | string | undefined;
}

/** The current answer for a remembered URL, or null once its cache has let it go. */
export type CurrentAnswer = () => DoorAnswer | null;

interface Entry {
  /** Fastify's headers for this URL, as [name, value, name, value...], minus per-request ones. */
  headers: string[];
  current: CurrentAnswer;
  /** The route's pattern (`/api/chapters/:slug`), for the request metrics. */
  route: string;
}

// Set per request and per encoding by the door itself, or never kept for a URL.
const PER_REQUEST = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'x-request-id',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

const BR = /\bbr\b/;
const GZIP = /\bgzip\b/;

/** The body to send for this Accept-Encoding, or null when the answer was not kept for it. */
export function bodyFor(
  answer: DoorAnswer,
  acceptEncoding: string | undefined,
): { bytes: Buffer | string; encoding: 'br' | 'gzip' | undefined } | null {
  if (answer.br && acceptEncoding && BR.test(acceptEncoding)) {
    return { bytes: answer.br, encoding: 'br' };
  }
  if (answer.gzip && acceptEncoding && GZIP.test(acceptEncoding)) {
    return { bytes: answer.gzip, encoding: 'gzip' };
  }
  if (answer.identity === undefined) return null;
  return { bytes: answer.identity, encoding: undefined };
}

const remembered = new WeakMap<FastifyRequest, CurrentAnswer>();

/**
 * Called by a route sending a visitor the answer every visitor gets: the door may send the
 * same URL's later requests itself while `current` returns an answer.
 */
export function rememberAnswer(request: FastifyRequest, current: CurrentAnswer): void {
  remembered.set(request, current);
}

export interface FrontDoorOptions {
  /** The session cookie's name: a request carrying it is always the app's. */
  sessionCookie: string;
  /** URLs remembered at most; the oldest remembered goes first. */
  maxEntries?: number;
  /** The id of a request the door answers, as the app's own requests get theirs. */
  requestId?: (req: IncomingMessage) => string;
  /** Told of each answer the door sends: the route's pattern, the status, seconds taken. */
  observe?: (route: string, status: number, seconds: number) => void;
}

export interface FrontDoor {
  /** For Fastify's `serverFactory`: a Node server whose requests meet the door first. */
  serverFactory: NonNullable<FastifyServerOptions['serverFactory']>;
  /** Keeps the URLs routes remember, with the headers Fastify sent (call after every plugin). */
  install(app: FastifyInstance): void;
  /** Sends the ready answer to `url` and returns true, or returns false: the app answers. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** How many URLs it remembers. */
  readonly size: number;
  /** How many answers it has sent itself. */
  readonly served: number;
}

function keptHeaders(reply: FastifyReply): string[] {
  const headers: Record<string, string | number | string[] | undefined> = reply.getHeaders();
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_REQUEST.has(name.toLowerCase())) continue;
    for (const one of [value].flat()) flat.push(name, String(one));
  }
  return flat;
}

export function createFrontDoor({
  sessionCookie,
  maxEntries = 10_000,
  requestId = () => randomUUID(),
  observe,
}: FrontDoorOptions) {
  const entries = new Map<string, Entry>();
  const sessionMark = `${sessionCookie}=`;
  let served = 0;

  const door: FrontDoor = {
    serverFactory(handler, options) {
      const server: Server = createServer((req, res) => {
        if (!door.answer(req, res)) handler(req, res);
      });
      // What Fastify sets on the server it makes itself (lib/server.js), so a served door
      // behaves as Fastify's own would.
      const { keepAliveTimeout, requestTimeout, connectionTimeout } = (options ?? {}) as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      if (keepAliveTimeout) server.keepAliveTimeout = keepAliveTimeout;
      if (requestTimeout) server.requestTimeout = requestTimeout;
      if (connectionTimeout) server.setTimeout(connectionTimeout);
      return server;
    },

    install(app) {
      app.decorate('frontDoor', door);
      // Last of the onSend hooks: every header the app sets is on the reply by now.
      app.addHook('onSend', (request, reply, payload, done) => {
        const current = remembered.get(request);
        if (current && request.method === 'GET' && !reply.hasHeader('set-cookie')) {
          const answer = current();
          const url = request.raw.url;
          if (answer && answer.status === reply.statusCode && url !== undefined) {
            entries.delete(url);
            const route = request.routeOptions.url ?? 'unmatched';
            entries.set(url, { headers: keptHeaders(reply), current, route });
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          }
        }
        done(null, payload);
      });
    },

    answer(req, res) {
      if (req.method !== 'GET' || req.url === undefined) return false;
      const startedAt = performance.now();
      const entry = entries.get(req.url);
      if (!entry) return false;
      if (req.headers.cookie?.includes(sessionMark)) return false;
      const answer = entry.current();
      if (!answer) {
        entries.delete(req.url);
        return false;
      }
      const body = bodyFor(answer, req.headers['accept-encoding']);
      if (!body) return false;
      const headers = [...entry.headers, 'etag', answer.etag, 'x-request-id', requestId(req)];
      served += 1;
      if (answer.status === 200 && req.headers['if-none-match'] === answer.etag) {
        res.writeHead(304, headers);
        res.end();
        observe?.(entry.route, 304, (performance.now() - startedAt) / 1000);
        return true;
      }
      if (body.encoding) headers.push('content-encoding', body.encoding);
      headers.push('content-length', String(Buffer.byteLength(body.bytes)));
      res.writeHead(answer.status, headers);
      res.end(body.bytes);
      observe?.(entry.route, answer.status, (performance.now() - startedAt) / 1000);
      return true;
    },

    get size() {
      return entries.size;
    },
    get served() {
      return served;
    },
  };
  return door;
}
