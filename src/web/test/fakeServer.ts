// The server as a screen's test sees it: the browser's fetch (which web/api.ts calls) answered
// from a table of 'METHOD /path' entries, each a JSON answer or a function of the request. A
// call the table does not name answers 404, so a screen asking for something unexpected shows
// its failure, and `calls` tells what was asked.
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}
/** An answer with its status; a plain value in the table is answered with 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
/** A JSON answer (200) or a Reply; written out, not `unknown`, so a handler's request is typed. */
type Answer = Reply | string | number | boolean | null | readonly unknown[] | object;
type Handler = (request: FakeRequest) => unknown;
type Entry = Answer | Handler;

export const reply = (status: number, body: unknown): Reply => new Reply(status, body);

/** The server's error answer (plugins' errors): a message and, for bad input, the fields. */
export const errorReply = (
  status: number,
  message: string,
  fields?: { field: string; message: string }[],
): Reply => reply(status, { statusCode: status, error: 'Error', message, fields });

export function fakeServer(routes: Record<string, Entry>) {
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const request = { method, path, body };
    calls.push(request);
    const key = `${method} ${path}`;
    const entry = Object.hasOwn(routes, key) ? routes[key] : undefined;
    const given =
      entry === undefined
        ? errorReply(404, `No answer for ${key} in this test`)
        : typeof entry === 'function'
          ? await (entry as Handler)(request)
          : entry;
    const answer = given instanceof Reply ? given : new Reply(200, given);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made with this method and path. */
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A promise the test settles when it chooses: an answer held while the screen shows its wait. */
export function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}
