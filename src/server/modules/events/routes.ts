// Public event reads (spec 1 §7): GET /api/chapter_event/slug/{slug}.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  chapterEventDetailSchema,
  type ChapterEventDetail,
} from '../../../common/schemas/chapters';
import { appAnswerCache } from '../../caching/answerCache';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { shows } from '../../caching/answerKeys';
import { getEventBySlug } from './service';

export function eventRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Kept ready (caching/answerCache.ts) until the event or its chapter changes: the same for
  // everyone who may see the chapter. It shows nothing that time changes.
  const eventAnswers = appAnswerCache(app, chapterEventDetailSchema, app.config.publicCacheMs);

  app.get(
    '/api/chapter_event/slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: chapterEventDetailSchema },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      await sendPublicAnswer(request, reply, eventAnswers, slug, {
        build: (user) => getEventBySlug(app.db, user, slug),
        shows: (event: ChapterEventDetail) => shows.event(slug, event.chapter.id),
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
  );
}
