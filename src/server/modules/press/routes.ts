// Public press mention reads (spec 1 §7 Press mentions). Each answers an array of
// pressMentionSchema, newest first. The lists take `?offset=&limit=` and answer the newest
// LIMITS.pressMentionsPage without them (common/schemas/pressPages.ts): never every mention.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  MAX_PRESS_MENTION_COUNT,
  idParam,
  pressMentionSchema,
  stateParam,
} from '../../../common/schemas/chapters';
import { pressPageQuerySchema } from '../../../common/schemas/pressPages';
import { listChapterMentions, listPublicMentions, listStateMentions } from './service';

const mentions = z.array(pressMentionSchema);

export function pressRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/press_mention/public',
    {
      config: { access: 'public' },
      schema: { querystring: pressPageQuerySchema, response: { 200: mentions } },
    },
    (request) => listPublicMentions(app.db, request.user, request.query),
  );

  app.get(
    '/api/press_mention/public/:count',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({
          count: z
            .string()
            .regex(/^\d{1,3}$/, `Expected a count from 1 to ${MAX_PRESS_MENTION_COUNT}`)
            .transform(Number)
            .pipe(z.number().int().min(1).max(MAX_PRESS_MENTION_COUNT)),
        }),
        response: { 200: mentions },
      },
    },
    (request) =>
      listPublicMentions(app.db, request.user, { offset: 0, limit: request.params.count }),
  );

  app.get(
    '/api/press_mention/public/state/:stateLower',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ stateLower: stateParam }),
        querystring: pressPageQuerySchema,
        response: { 200: mentions },
      },
    },
    (request) => listStateMentions(app.db, request.user, request.params.stateLower, request.query),
  );

  app.get(
    '/api/press_mention/chapter/:id/public',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ id: idParam }),
        querystring: pressPageQuerySchema,
        response: { 200: mentions },
      },
    },
    (request) => listChapterMentions(app.db, request.user, request.params.id, request.query),
  );
}
