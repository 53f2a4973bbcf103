// Chapter post reads (spec 1 §7, spec 2 §7): by page, all of them, or one by slug. Chapter posts
// have no private flag: they are as visible as their chapter.
// GET /api/chapter_blog_post/public/{chapterId}/{page}:
// Answers { posts, hasMore } (chapterPostPageSchema), like the network blog's pages.
// Writes (issue 35, the chapter admin's Posts), for the chapter's hosts, field organizers and
// admins: POST /api/chapter_blog_post (new without an id, changed with one) answers the saved
// post; DELETE /api/chapter_blog_post/slug/{slug}.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  chapterPostPageSchema,
  chapterPostSchema,
  idParam,
  pageParam,
} from '../../../common/schemas/chapters';
import { answerShowing, appAnswerCache } from '../../caching/answerCache';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { shows } from '../../caching/answerKeys';
import { getChapterPost, listAllChapterPosts, listChapterPosts } from './service';
import { chapterPostSaveSchema } from '../../../common/schemas/chapterPosts';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { deleteChapterPost, saveChapterPost } from './edit';

export function chapterPostRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The pages the chapter page loads, kept ready (caching/answerCache.ts) until a post, the
  // chapter or an author's name changes: the same for everyone who may see the chapter.
  const pageAnswers = appAnswerCache(app, chapterPostPageSchema, app.config.publicCacheMs);

  app.get(
    '/api/chapter_blog_post/public/:chapterId/:page',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ chapterId: idParam, page: pageParam }),
        response: { 200: chapterPostPageSchema },
      },
    },
    async (request, reply) => {
      const { chapterId, page } = request.params;
      await sendPublicAnswer(request, reply, pageAnswers, `${chapterId}/${page}`, {
        async build(user) {
          const posts = await listChapterPosts(app.db, user, chapterId, page);
          return answerShowing(posts.page, shows.chapterPosts(chapterId, posts.authorIds));
        },
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
  );

  app.get(
    '/api/chapter_blog_post/:chapterId',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ chapterId: idParam }),
        response: { 200: z.array(chapterPostSchema) },
      },
    },
    (request) => listAllChapterPosts(app.db, request.user, request.params.chapterId),
  );

  app.get(
    '/api/chapter_blog_post/slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: chapterPostSchema },
      },
    },
    (request) => getChapterPost(app.db, request.user, request.params.slug),
  );

  app.post(
    '/api/chapter_blog_post',
    {
      config: { access: 'hostAccess' },
      schema: { body: chapterPostSaveSchema, response: { 200: chapterPostSchema } },
    },
    async (request) => {
      const post = await saveChapterPost(app.db, requireSignIn(request), request.body);
      // The chapter page's posts and its 'Last Active' date.
      await forgetAnswers(app, changed.chapterPart(post.chapterId));
      return post;
    },
  );

  app.delete(
    '/api/chapter_blog_post/slug/:slug',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: resultSchema },
      },
    },
    async (request) => {
      const chapterId = await deleteChapterPost(
        app.db,
        requireSignIn(request),
        request.params.slug,
      );
      await forgetAnswers(app, changed.chapterPart(chapterId));
      return { result: 'success' as const };
    },
  );
}
