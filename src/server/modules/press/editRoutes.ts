// Press mention edits (spec 2 §7): GET /api/press_mention/chapter/{id}/all (host-level);
// GET /api/press_mention/slug/{slug}; POST /api/press_mention/ answers the saved mention;
// DELETE /api/press_mention/slug/{slug}.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  idParam,
  pressMentionSaveSchema,
  pressMentionSchema,
} from '../../../common/schemas/chapters';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { deleteMention, getMentionBySlug, listAllChapterMentions, saveMention } from './edit';

const slugParams = z.object({ slug: z.string().min(1).max(300) });

export function pressEditRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/press_mention/chapter/:id/all',
    {
      config: { access: 'hostAccess' },
      schema: { params: z.object({ id: idParam }), response: { 200: z.array(pressMentionSchema) } },
    },
    (request) => listAllChapterMentions(app.db, requireSignIn(request), request.params.id),
  );

  app.get(
    '/api/press_mention/slug/:slug',
    {
      // Public when the mention is; otherwise the service asks for its editors.
      config: { access: 'public' },
      schema: { params: slugParams, response: { 200: pressMentionSchema } },
    },
    (request) => getMentionBySlug(app.db, request.user, request.params.slug),
  );

  app.post(
    '/api/press_mention/',
    {
      config: { access: 'hostAccess' },
      schema: { body: pressMentionSaveSchema, response: { 200: pressMentionSchema } },
    },
    async (request) => {
      const saved = await saveMention(app.db, requireSignIn(request), request.body);
      const { mention, formerChapterId } = saved;
      await forgetAnswers(app, [
        ...changed.press(mention.slug, mention.chapterId),
        ...changed.press(mention.slug, formerChapterId),
      ]);
      return mention;
    },
  );

  app.delete(
    '/api/press_mention/slug/:slug',
    {
      config: { access: 'hostAccess' },
      schema: { params: slugParams, response: { 200: resultSchema } },
    },
    async (request) => {
      const chapterId = await deleteMention(app.db, requireSignIn(request), request.params.slug);
      // The chapter's page shows its press: it is forgotten with the mention.
      await forgetAnswers(app, changed.press(request.params.slug, chapterId));
      return { result: 'success' as const };
    },
  );
}
