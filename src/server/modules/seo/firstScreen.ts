// The server's side of a first screen drawn on the server (web/ssr/firstScreen.tsx): the page's
// answers are the API's own, asked for as a visitor, and only those its meta names (`embed`).
import type { FastifyInstance } from 'fastify';
import { renderFirstScreen, type FirstScreen } from '../../../web/ssr/firstScreen';
import type { PageMeta } from './meta';

export async function firstScreenOf(
  app: FastifyInstance,
  url: string,
  meta: PageMeta,
): Promise<FirstScreen | null> {
  const carried = new Set(meta.embed ?? []);
  // Only the page's own address: another spelling of it is drawn by the app, which moves to it.
  if (meta.status !== 200 || carried.size === 0 || meta.path !== url) return null;
  try {
    return await renderFirstScreen(url, async (path) => {
      if (!carried.has(path)) return undefined;
      const answer = await app.inject({ method: 'GET', url: path });
      return answer.statusCode === 200 ? { status: 200, body: answer.body } : undefined;
    });
  } catch (err) {
    // The page still works without it: the app draws the screen as it does for any other.
    app.log.error({ err, url }, 'drawing the first screen failed');
    return null;
  }
}
