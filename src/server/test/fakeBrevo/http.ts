// How the Brevo stand-in answers: JSON bodies, the { code, message } error body, and pages
// with Brevo's limits (a limit past the page's maximum is 400 out_of_range).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrevoStore } from './store';

/** One request to a route: it answers it and returns true, or returns false (not its path). */
export interface BrevoRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path after /v3. */
  path: string;
  method: string;
  store: BrevoStore;
}

export function send(res: ServerResponse, status: number, body?: unknown, headers = {}): void {
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

export const error = (res: ServerResponse, status: number, code: string, message: string) =>
  send(res, status, { code, message });

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function page<T>(res: ServerResponse, url: URL, max: number, items: T[], key: string) {
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  if (limit > max) {
    return error(res, 400, 'out_of_range', `Limit exceeded, max allowed limit is ${max}`);
  }
  send(res, 200, { [key]: items.slice(offset, offset + limit), count: items.length });
}
