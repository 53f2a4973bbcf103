// GET /api/going/{token} (the page) and POST /api/going/{token} (its button): a scheduled
// message's "I'm going" and "cancel" links. Public: the copy's token is the key.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  goingPageSchema,
  goingRequestSchema,
  goingTokenParamsSchema,
} from '../../../common/schemas/going';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import type { Teller } from '../rsvps';
import { answerGoing, goingPage } from './going';

export function goingRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const teller = (log: Teller['log']): Teller => ({
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log,
  });

  app.get(
    '/api/going/:token',
    {
      config: { access: 'public' },
      schema: { params: goingTokenParamsSchema, response: { 200: goingPageSchema } },
    },
    (request) => goingPage(teller(request.log), request.params.token, new Date()),
  );

  app.post(
    '/api/going/:token',
    {
      config: { access: 'public' },
      schema: {
        params: goingTokenParamsSchema,
        body: goingRequestSchema,
        response: { 200: goingPageSchema },
      },
    },
    async (request) => {
      const done = await answerGoing(
        teller(request.log),
        request.params.token,
        request.body.going,
        new Date(),
      );
      await forgetAnswers(app, changed.rsvps(done.eventSlug));
      return done.page;
    },
  );
}
