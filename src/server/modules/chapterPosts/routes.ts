// Chapter post reads (spec 1 §7, spec 2 §7): by page, all of them, or one by slug. Chapter posts
// have no private flag: they are as visible as their chapter.
// GET /api/chapter_blog_post/public/{chapterId}/{page}:
// Answers { posts, hasMore } (chapterPostPageSchema), like the network blog's pages.
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
}
