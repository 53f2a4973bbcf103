// GET /api/chapters/map: the home map's pins (mapAnswer.ts keeps the answer ready). The site's
// own screens use it instead of GET /api/chapters/active, which stays as the spec defines it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { onAnswersForgotten } from '../../caching/answerCache';
import { sendSharedAnswer } from '../../caching/publicAnswers';
import { EVERY_ANSWER, shows } from '../../caching/answerKeys';
import { checksOwnAnswers } from '../../config';
import { encodeChapterMap } from '../../../common/chapterMap';
import { chapterMapSchema } from '../../../common/schemas/chapterMap';
import { keepMapAnswer, loadMapPins, type MapAnswerKeeper } from './mapAnswer';

const keepers = new WeakMap<FastifyInstance, MapAnswerKeeper>();

/** The app's home map answer (tests wait on its `settled()` after a change). */
export function mapAnswerOf(app: FastifyInstance): MapAnswerKeeper {
  const keeper = keepers.get(app);
  if (!keeper) throw new Error('chapterMapRoutes(app) has not run');
  return keeper;
}

export function chapterMapRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const keeper = keepMapAnswer({
    build: async () => encodeChapterMap(await loadMapPins(app.db)),
    log: app.log,
    refreshMs: app.config.homeMapCacheMs,
    checked: checksOwnAnswers(app.config.env),
  });
  keepers.set(app, keeper);
  // What the map shows is what every list of chapters shows (answerKeys.ts).
  const mapShows = new Set([...shows.allChapters(), EVERY_ANSWER]);
  onAnswersForgotten(app, {
    forget: (things) => {
      if (things.some((t) => mapShows.has(t))) keeper.rebuild();
    },
    clear: () => keeper.rebuild(),
  });
  // Right after listen (or a test's first request): not awaited, so start-up does not wait.
  app.addHook('onReady', async () => keeper.start());
  app.addHook('onClose', async () => keeper.stop());

  app.get(
    '/api/chapters/map',
    { config: { access: 'public' }, schema: { response: { 200: chapterMapSchema } } },
    // The same answer for everyone: the browser keeps it and asks again with its ETag.
    async (request, reply) => {
      const answer = await keeper.current();
      return sendSharedAnswer(request, reply, answer, keeper.peek);
    },
  );
}
