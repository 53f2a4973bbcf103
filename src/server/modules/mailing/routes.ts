// Public mailing-list sign-up (spec 1 §7). Both calls answer 200 with { results: [...] }.
// The chapter admin calls and the links in chapter email register from here too.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../app';
import {
  signUpAnswerSchema,
  signUpChapterRequestSchema,
  signUpRequestSchema,
} from '../../../common/schemas/mailing';
import { brevoSettings, mailingListProvider } from '../../mail/lists/factory';
import { signUp } from './service';
import { mailingAdminRoutes } from './adminRoutes';
import { mailingDraftRoutes } from './draftRoutes';
import { mailingSubscriberRoutes } from './subscriberRoutes';

export function mailingRoutes(root: AppInstance): void {
  // AppInstance does not carry the zod type provider; this gives handlers typed params and bodies.
  const app = root.withTypeProvider<ZodTypeProvider>();
  const provider = mailingListProvider(app.db, brevoSettings(app.config));

  app.post(
    '/api/mailing_list/sign_up',
    {
      config: { access: 'public' },
      schema: { body: signUpRequestSchema, response: { 200: signUpAnswerSchema } },
    },
    (request) => signUp(app.db, provider, request.user, request.body),
  );

  app.post(
    '/api/mailing_list/sign_up_chapter',
    {
      config: { access: 'public' },
      schema: { body: signUpChapterRequestSchema, response: { 200: signUpAnswerSchema } },
    },
    (request) =>
      signUp(app.db, provider, request.user, {
        email: request.body.email,
        chapterId: request.body.chapterId,
      }),
  );

  mailingAdminRoutes(root);
  mailingDraftRoutes(root);
  mailingSubscriberRoutes(root);
}
