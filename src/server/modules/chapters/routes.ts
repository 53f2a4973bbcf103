// Public chapter reads (spec 1 §7 Chapters). Hidden chapters are filtered by the services
// (visibility.ts), so every route here may be public: the answer depends on who asks.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../appInstance';
import { appAnswerCache } from '../../caching/answerCache';
import { textAnswers } from '../../caching/answerFormats';
import { sendCachedAnswer, sendPublicAnswer, sendSharedAnswer } from '../../caching/publicAnswers';
import { key, shows } from '../../caching/answerKeys';
import { checksOwnAnswers } from '../../config';
import {
  activeChapterSchema,
  chapterSchema,
  chapterSearchQuerySchema,
  chapterSummarySchema,
  idParam,
  myChapterSchema,
  stateChapterSchema,
  stateParam,
} from '../../../common/schemas/chapters';
import { requireSignIn } from '../../plugins/auth';
import { chapterIdOf, getChapterById, getChapterBySlug, getChapterForHosts } from './chapter';
import { countedListField, type CountedListField } from '../mailing';
import type { User } from '../../../common/schemas/auth';
import type { Chapter, ChapterSummary } from '../../../common/schemas/chapters';
import { hasHostAccess } from '../../../common/policy';
import {
  hiddenChaptersShownIn,
  holdsHostAccess,
  readsChapterAsVisitor,
} from '../../core/visibility';
import {
  activeChaptersJson,
  listChapters,
  listMyChapters,
  listStateChapters,
  searchChapters,
  storedStates,
} from './service';

const slugParams = z.object({ slug: z.string().min(1).max(300) });

const summaries = z.array(chapterSummarySchema);

export function chapterRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  // Visitors' answers are kept ready (caching/answerCache.ts) until a write changes what they
  // show, or for the TTL; signed-in users get them too when their roles change nothing in them
  // (visibility.ts). What roles do change is kept too, once for all who hold the same access:
  // a chapter as its hosts read it (by id), a state's list with the hidden chapters a caller
  // may see (by state and those chapters).
  const cacheMs = app.config.publicCacheMs;
  const chapterAnswers = appAnswerCache(app, chapterSchema, cacheMs);
  const hostChapterAnswers = appAnswerCache(app, chapterSchema, cacheMs);
  const stateList = z.array(stateChapterSchema);
  const stateAnswers = appAnswerCache(app, stateList, cacheMs);
  // Written as JSON a page at a time by activeChaptersJson, which checks each page outside
  // production as the other caches check their answers.
  const activeAnswers = appAnswerCache(
    app,
    textAnswers('application/json; charset=utf-8'),
    app.config.homeMapCacheMs,
  );
  const activeList = z.array(activeChapterSchema);
  const checkActive = checksOwnAnswers(app.config.env)
    ? (page: unknown) => activeList.parse(page)
    : undefined;
  const chapterRead = {
    shows: (chapter: Chapter) => shows.chapter(chapter),
    fitsCaller: (user: User, answer: { shows: ReadonlySet<string> | null }) =>
      readsChapterAsVisitor(user, (id) => answer.shows?.has(key.chapter(id)) ?? true),
  };

  // Which list's members a build counts: read when an answer is built, so a kept answer's count
  // is as old as the answer (the TTL at most; a change of the email settings forgets it).
  const counted = () => countedListField(app.db, app.config);

  /**
   * A chapter read: as its hosts read it for a caller with host-level access to it (`findId`
   * names the chapter), as visitors read it for everyone else.
   */
  async function sendChapter(
    request: FastifyRequest,
    reply: FastifyReply,
    visitorKey: string,
    findId: () => Promise<number | undefined>,
    read: (user: User | null, counted: CountedListField | null) => Promise<Chapter>,
  ): Promise<void> {
    const user = request.user;
    if (holdsHostAccess(user)) {
      const id = await findId();
      if (id !== undefined && hasHostAccess(user, id)) {
        const answer = await hostChapterAnswers.get(
          String(id),
          async () => getChapterForHosts(app.db, id, await counted()),
          chapterRead.shows,
        );
        sendCachedAnswer(request, reply, answer, 'private, no-cache');
        return;
      }
    }
    const build = async (user: User | null) => read(user, await counted());
    await sendPublicAnswer(request, reply, chapterAnswers, visitorKey, { build, ...chapterRead });
  }

  app.get(
    '/api/chapter/slug/:slug',
    {
      config: { access: 'public' },
      schema: { params: slugParams, response: { 200: chapterSchema } },
    },
    async (request, reply) => {
      const { slug } = request.params;
      await sendChapter(
        request,
        reply,
        `slug:${slug}`,
        () => chapterIdOf(app.db, slug),
        (user, counted) => getChapterBySlug(app.db, user, slug, counted),
      );
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
      await sendChapter(
        request,
        reply,
        `id:${id}`,
        () => Promise.resolve(id),
        (user, counted) => getChapterById(app.db, user, id, counted),
      );
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
    async (request, reply) => {
      const answer = await activeAnswers.get(
        'active',
        () => activeChaptersJson(app.db, { check: checkActive }),
        shows.allChapters,
      );
      return sendSharedAnswer(request, reply, answer, () => activeAnswers.peek('active'));
    },
  );

  app.get(
    '/api/chapters/state/:stateLower',
    {
      config: { access: 'public' },
      schema: { params: z.object({ stateLower: stateParam }), response: { 200: stateList } },
    },
    async (request, reply) => {
      const state = request.params.stateLower;
      const showsList = (list: ChapterSummary[]) => shows.stateList(state, list);
      const hidden = await hiddenChaptersShownIn(app.db, request.user, storedStates(state));
      if (hidden.length > 0) {
        // The same list for everyone who may see the same hidden chapters of this state.
        const answer = await stateAnswers.get(
          `${state}+${hidden.join(',')}`,
          () => listStateChapters(app.db, state, hidden),
          showsList,
        );
        sendCachedAnswer(request, reply, answer, 'private, no-cache');
        return reply;
      }
      await sendPublicAnswer(request, reply, stateAnswers, state, {
        build: () => listStateChapters(app.db, state),
        shows: showsList,
        // Nothing hidden here that the caller may see: the visitors' list is theirs.
        fitsCaller: () => true,
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
