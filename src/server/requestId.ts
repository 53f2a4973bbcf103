// The request id: the one a proxy or a caller sent in X-Request-Id when it is plain enough to log
// and echo, otherwise a new UUID. The log's lines and the answer's x-request-id carry it, so a
// request can be followed from nginx's access log through every app server it touched.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Letters, digits and `._:-`, 1 to 128 of them: a UUID, nginx's $request_id, a trace id. */
const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: its valid X-Request-Id, or a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && VALID.test(sent) ? sent : randomUUID();
}
