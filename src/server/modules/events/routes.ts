// Public event reads (spec 1 §7): GET /api/chapter_event/slug/{slug}.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../app';
import { chapterEventDetailSchema } from '../../../common/schemas/chapters';
import { getEventBySlug } from './service';

export function eventRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/chapter_event/slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: chapterEventDetailSchema },
      },
    },
    (request) => getEventBySlug(app.db, request.user, request.params.slug),
  );
}
