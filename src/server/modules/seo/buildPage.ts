// The server's side of a page's HTML built from the API's own answers, asked for as a visitor:
// its meta (a chapter's title, say) and its first screen drawn on the server
// (web/ssr/firstScreen.tsx) with the answers its meta names (`embed`).
import type { FastifyInstance } from 'fastify';
import { collectShown } from '../../caching/answersShown';
import { HttpError } from '../../core/httpError';
import { checksOwnAnswers } from '../../config';
import type { DrawFirstScreen, FirstScreen } from './firstScreen';
import { pageMeta, type PageMeta } from './meta';

interface Answer {
  status: number;
  body: string;
}

/** GET `path` of the API as a visitor (no cookie): the kept answer every visitor gets. */
function visitorAnswer(app: FastifyInstance, path: string): Promise<Answer> {
  return app
    .inject({ method: 'GET', url: path })
    .then((res) => ({ status: res.statusCode, body: res.body }));
}

/**
 * Visitor answers asked for once per page: the meta and the first screen read the same answer
 * (a chapter, an event's page), and one the API does not keep (an event's page, whose dates move
 * with the day) is built once for both.
 */
function visitorAnswers(app: FastifyInstance): (path: string) => Promise<Answer> {
  const asked = new Map<string, Promise<Answer>>();
  return (path) => {
    let answer = asked.get(path);
    if (!answer) asked.set(path, (answer = visitorAnswer(app, path)));
    return answer;
  };
}

function messageOf(body: string): string | undefined {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

export interface BuiltPage {
  meta: PageMeta;
  first: FirstScreen | null;
  /**
   * What the page shows: its meta's `shows` and what the answers it was built from show (the
   * authors of a chapter's posts, say), so that it is forgotten with them; undefined: anything.
   */
  shows: readonly string[] | undefined;
}

/** The meta and first screen of the page at `url`, as a visitor sees it. */
export async function buildPage(
  app: FastifyInstance,
  draw: DrawFirstScreen,
  url: string,
  context: { publicUrl: string },
): Promise<BuiltPage> {
  const visitor = visitorAnswers(app);
  const { result, shown } = await collectShown(async () => {
    const meta = await pageMeta(app.db, url, {
      publicUrl: context.publicUrl,
      async answer(path) {
        const { status, body } = await visitor(path);
        // The API's own words, which tell a hidden chapter from a missing one.
        if (status === 404) throw new HttpError(404, messageOf(body) ?? 'Not found.');
        if (status !== 200) throw new Error(`${path} answered ${status}`);
        return JSON.parse(body) as unknown;
      },
    });
    return { meta, first: await firstScreenOf(app, visitor, draw, url, meta) };
  });
  const { meta } = result;
  const shows = meta.shows && shown ? [...new Set([...meta.shows, ...shown])] : undefined;
  return { ...result, shows };
}

/**
 * The most JSON a first screen is drawn from: a state's list of 40 chapters that meet (200
 * without events), a chapter page with long posts. Drawing 190 KB of a state's list took 55 ms
 * in a test (React's development build); drawing this much stays near 10 ms in production.
 */
export const MAX_DRAWN_ANSWERS_CHARS = 64 * 1024;

async function firstScreenOf(
  app: FastifyInstance,
  visitor: (path: string) => Promise<Answer>,
  draw: DrawFirstScreen,
  url: string,
  meta: PageMeta,
): Promise<FirstScreen | null> {
  const embed = meta.embed ?? [];
  // Only the page's own address: another spelling of it is drawn by the app, which moves to it.
  if (meta.status !== 200 || embed.length === 0 || meta.path !== url) return null;
  // Every answer is asked for at once, not one per round of drawing as the screen finds it needs
  // it: their queries overlap.
  const answers = new Map(embed.map((path) => [path, visitor(path).catch(() => undefined)]));
  // Drawing is one synchronous piece of work, as long as what it draws: a state's list of a
  // thousand chapters held the server for over 100 ms. Such a page is sent as the app's frame,
  // its answers named for preloading, and the browser draws it.
  const sizes = await Promise.all([...answers.values()].map(async (a) => (await a)?.body.length));
  if (sizes.reduce((sum: number, n) => sum + (n ?? 0), 0) > MAX_DRAWN_ANSWERS_CHARS) return null;
  try {
    return await draw(
      url,
      async (path) => {
        const answer = await answers.get(path);
        return answer?.status === 200 ? answer : undefined;
      },
      // Production trusts the server's own answers, here as in the browser's build.
      { checkAnswers: checksOwnAnswers(app.config.env) },
    );
  } catch (err) {
    // The page still works without it: the app draws the screen as it does for any other.
    app.log.error({ err, url }, 'drawing the first screen failed');
    return null;
  }
}
