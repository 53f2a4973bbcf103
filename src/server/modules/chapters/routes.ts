// Public chapter reads (spec 1 §7 Chapters). Hidden chapters are filtered by the services
// (visibility.ts), so every route here may be public: the answer depends on who asks.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app';
import { appAnswerCache, sendCachedAnswer, sendPublicAnswer } from '../../plugins/answerCache';
import { key, shows } from '../../plugins/answerKeys';
import {
  activeChapterSchema,
  chapterSchema,
  chapterSearchQuerySchema,
  chapterSummarySchema,
  idParam,
  myChapterSchema,
  stateParam,
} from '../../../common/schemas/chapters';
import { requireSignIn } from '../../plugins/auth';
import { getChapterById, getChapterBySlug } from './chapter';
import { headerImageOf } from '../uploads/files';
import type { User } from '../../../common/schemas/auth';
import type { Chapter, ChapterSummary } from '../../../common/schemas/chapters';
import { listsChaptersAsVisitor, readsChapterAsVisitor } from './visibility';
import {
  listActiveChapters,
  listChapters,
  listMyChapters,
  listStateChapters,
  searchChapters,
} from './service';

const slugParams = z.object({ slug: z.string().min(1).max(300) });

const summaries = z.array(chapterSummarySchema);

export function chapterRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const withHeaderImage = headerImageOf(app.config.uploadsDir);

  // Visitors' answers are kept ready (plugins/answerCache.ts) until a write changes what they
  // show, or for the TTL; signed-in users get them too when their roles change nothing in them
  // (visibility.ts), and have theirs built for them otherwise.
  const cacheMs = app.config.publicCacheMs;
  const chapterAnswers = appAnswerCache(app, chapterSchema, cacheMs);
  const stateAnswers = appAnswerCache(app, summaries, cacheMs);
  const activeAnswers = appAnswerCache(
    app,
    z.array(activeChapterSchema),
    app.config.homeMapCacheMs,
  );
  const chapterRead = {
    shows: (chapter: Chapter) => shows.chapter(chapter),
    fitsCaller: (user: User, answer: { shows: ReadonlySet<string> | null }) =>
      readsChapterAsVisitor(user, (id) => answer.shows?.has(key.chapter(id)) ?? true),
  };

  app.get(
    '/api/chapter/slug/:slug',
    {
      config: { access: 'public' },
      schema: { params: slugParams, response: { 200: chapterSchema } },
    },
    async (request, reply) => {
      const { slug } = request.params;
      await sendPublicAnswer(request, reply, chapterAnswers, `slug:${slug}`, {
        build: async (user) => withHeaderImage(await getChapterBySlug(app.db, user, slug)),
        ...chapterRead,
      });
      return reply;
    },
  );

  app.get(
    '/api/chapter/id/:id',
    {
      config: { access: 'public' },
      schema: { params: z.object({ id: idParam }), response: { 200: chapterSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      await sendPublicAnswer(request, reply, chapterAnswers, `id:${id}`, {
        build: async (user) => withHeaderImage(await getChapterById(app.db, user, id)),
        ...chapterRead,
      });
      return reply;
    },
  );

  app.get(
    '/api/chapters',
    { config: { access: 'public' }, schema: { response: { 200: summaries } } },
    (request) => listChapters(app.db, request.user),
  );

  app.get(
    '/api/chapters/my',
    { config: { access: 'signedIn' }, schema: { response: { 200: z.array(myChapterSchema) } } },
    (request) => listMyChapters(app.db, requireSignIn(request)),
  );

  app.get(
    '/api/chapters/active',
    {
      config: { access: 'public' },
      schema: { response: { 200: z.array(activeChapterSchema) } },
    },
    // The same answer for everyone: cacheable by the browser too.
    async (request, rawReply) => {
      const answer = await activeAnswers.get(
        'active',
        () => listActiveChapters(app.db),
        shows.allChapters,
      );
      const reply = rawReply as unknown as FastifyReply;
      return sendCachedAnswer(request, reply, answer, 'public, max-age=0, must-revalidate');
    },
  );

  app.get(
    '/api/chapters/state/:stateLower',
    {
      config: { access: 'public' },
      schema: { params: z.object({ stateLower: stateParam }), response: { 200: summaries } },
    },
    async (request, reply) => {
      const state = request.params.stateLower;
      await sendPublicAnswer(request, reply, stateAnswers, state, {
        build: (user) => listStateChapters(app.db, user, state),
        shows: (list: ChapterSummary[]) => shows.stateList(state, list),
        fitsCaller: listsChaptersAsVisitor,
      });
      return reply;
    },
  );

  app.get(
    '/api/chapters/search',
    {
      config: { access: 'public' },
      schema: { querystring: chapterSearchQuerySchema, response: { 200: summaries } },
    },
    (request) => searchChapters(app.db, request.user, request.query.q, request.query.activeOnly),
  );
}
