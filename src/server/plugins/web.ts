// Serves the built web app: hashed assets cached for a year, everything else revalidated,
// and any non-API path answered with index.html so the client router can take it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerShowing, appAnswerCache } from '../caching/answerCache';
import { textAnswers } from '../caching/answerFormats';
import { errorBody } from './errors';
import { rememberAnswer } from '../caching/frontDoor';
import { sendCachedAnswer } from '../caching/publicAnswers';
import { loadWebFiles, registerWebFiles } from './webFiles';

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0] ?? '';
  return reply.code(404).send(errorBody(404, `Not found: ${request.method} ${url}`));
}

/** A client route: not the API, and not a file name (a missing file stays a 404). */
function isClientRoute(url: string): boolean {
  // Decoded as the router decodes it: '/%61pi/x' is an API path too, and never a page.
  let path: string;
  try {
    path = decodeURIComponent(url);
  } catch {
    return false;
  }
  return !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]+$/i.test(path);
}

/**
 * Who a page's menu is drawn for: 'visitor' when the request carries no session cookie, so no
 * one is signed in; 'unknown' when it does, which only the API can vouch for (the app asks).
 */
export type PageAccount = 'visitor' | 'unknown';

/** A page's HTML from the built index.html: what the seo module makes of a path (app.ts). */
export type RenderPage = (
  url: string,
  indexHtml: string,
  context: { now: Date; publicUrl: string; account: PageAccount },
) => Promise<{
  status: number;
  html: string;
  /** What the page shows, so that it is forgotten with it; undefined: anything. */
  shows: readonly string[] | undefined;
}>;

export interface WebOptions {
  webDir: string;
  renderPage: RenderPage;
  /** The session cookie's name: a page asked for with it never says "Sign In". */
  sessionCookie: string;
}

export async function registerWeb(
  app: FastifyInstance,
  { webDir, renderPage, sessionCookie }: WebOptions,
): Promise<void> {
  app.setNotFoundHandler(notFound);
  const root = path.resolve(webDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app in ${root}: run "npm run build". Serving the API only.`);
    return;
  }
  // The built files, from memory (webFiles.ts). Every other path gets index.html rendered for
  // it below.
  registerWebFiles(app, loadWebFiles(root));
  // Read once: a new build comes with a restart. Development uses Vite's own server.
  const indexHtml = readFileSync(indexFile, 'utf8');
  // Each path's page is kept ready like the visitors' answers (caching/answerCache.ts), for
  // everyone who asks, signed in or not: the server never reads who asks to make a page. A page
  // says what it shows, and is forgotten when a write anywhere changes any of that.
  const pages = appAnswerCache(
    app,
    textAnswers('text/html; charset=utf-8'),
    app.config.publicCacheMs,
    // A page past its TTL is built again, never sent once more: the app would ask again for
    // the old answers it carries.
    { sendsStale: false },
  );
  // A real route rather than the not-found handler, so the per-route hooks apply; it sends its
  // own gzip (compress: false). The built files and uploaded images have routes of their own,
  // more specific than this wildcard. Each page carries its own title, description and preview tags (see
  // modules/seo/meta.ts).
  app.get('/*', { config: { access: 'public' }, compress: false }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!isClientRoute(url)) return notFound(request, reply);
    // Whether a session cookie came, not whose it is: two pages per path, the visitors' (with
    // "Sign In") and one whose account area waits for the app to know
    // (docs/decisions/15-first-minutes.md).
    const account: PageAccount = request.cookies[sessionCookie] ? 'unknown' : 'visitor';
    const key = account === 'visitor' ? url : `${url} (${account})`;
    const page = await pages.get(key, async () => {
      const context = { now: new Date(), publicUrl: app.config.publicUrl, account };
      const { status, html, shows } = await renderPage(url, indexHtml, context);
      return answerShowing(html, shows, status);
    });
    // The front door sends pages to requests without a session cookie only: the visitors' one.
    if (account === 'visitor') rememberAnswer(request, () => pages.peek(url));
    return sendCachedAnswer(request, reply, page, 'no-cache');
  });
}
