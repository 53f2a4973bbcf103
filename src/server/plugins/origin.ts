// Cross-site request forgery: a state-changing API request must come from our own pages. The
// browser says where a request comes from (Origin, else Referer); one from another site is
// refused. Requests with neither (curl, server-to-server) carry no cookies a browser would
// attach on someone else's behalf, so they pass. Only JSON and multipart bodies are accepted,
// which no plain HTML form of another site can send without a CORS preflight we never grant.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../core/httpError';
import { isApiRoute } from './auth';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one route that takes a form post from anywhere (see isOneClickUnsubscribe). */
export const ONE_CLICK_UNSUBSCRIBE_ROUTE = '/api/mailing_list/unsubscribe/:token';

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` as a form,
 * from no page of ours. It is safe to let through: the random token in the path is the only
 * credential, cookies play no part, and the only effect is unsubscribing that token's owner.
 */
function isOneClickUnsubscribe(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    request.routeOptions.url === ONE_CLICK_UNSUBSCRIBE_ROUTE &&
    /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')
  );
}

function sourceHost(request: FastifyRequest): string | null | undefined {
  const from = request.headers.origin ?? request.headers.referer;
  if (!from) return undefined;
  try {
    return new URL(from).host;
  } catch {
    return null; // 'null' origins (sandboxed frames, file://) and junk
  }
}

export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const ownHost = new URL(publicUrl).host;
  app.addHook('onRequest', async (request) => {
    // The matched route decides, not the URL text (see isApiRoute).
    if (SAFE.has(request.method) || !isApiRoute(request)) return;
    if (isOneClickUnsubscribe(request)) return;
    const host = sourceHost(request);
    if (host !== undefined && host !== ownHost && host !== request.headers.host) {
      throw new HttpError(403, 'Cross-origin request refused.');
    }
    const type = request.headers['content-type'];
    const length = Number(request.headers['content-length'] ?? 0);
    if ((type || length > 0) && !/^(application\/json|multipart\/form-data)\b/i.test(type ?? '')) {
      throw new HttpError(
        415,
        'Send JSON (application/json) or a file upload (multipart/form-data).',
      );
    }
  });
}
