// GET /chapters/{slug}/posts.atom and /blog.atom: Atom feeds, kept ready for every reader and
// forgotten with a new post, as the pages that list the posts are.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { textAnswer } from '../../../common/schemas/answers';
import { answerShowing, appAnswerCache } from '../../caching/answerCache';
import { textAnswers } from '../../caching/answerFormats';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { BLOG_FEED_PATH } from '../../../common/embedPaths';
import { blogFeed, chapterPostsFeed } from './service';

const ATOM = 'application/atom+xml; charset=utf-8';

export function feedRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const feeds = appAnswerCache(app, textAnswers(ATOM), app.config.publicCacheMs);
  const now = () => new Date();

  app.get(
    '/chapters/:slug/posts.atom',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({
          slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Expected a chapter slug'),
        }),
        response: { 200: textAnswer('application/atom+xml', "A chapter's posts as Atom") },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      await sendPublicAnswer(request, reply, feeds, `chapter:${slug}`, {
        async build() {
          const feed = await chapterPostsFeed(app.db, slug, app.config.publicUrl, now());
          return answerShowing(feed.atom, feed.shows);
        },
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
  );

  app.get(
    BLOG_FEED_PATH,
    {
      config: { access: 'public' },
      schema: {
        response: { 200: textAnswer('application/atom+xml', "The network's blog as Atom") },
      },
    },
    async (request, reply) => {
      await sendPublicAnswer(request, reply, feeds, 'blog', {
        async build() {
          const feed = await blogFeed(app.db, app.config.publicUrl, now());
          return answerShowing(feed.atom, feed.shows);
        },
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
  );
}
