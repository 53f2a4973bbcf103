// A chapter's links (spec 1 §7, spec 2 §7): GET /api/chapter_link/chapter/{chapterId} for
// anyone who may see the chapter; POST the same path, with host-level access, saves them all.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  chapterLinkSchema,
  chapterLinksSaveSchema,
  idParam,
} from '../../../common/schemas/chapters';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { saveChapterLinks } from './save';
import { listChapterLinks } from './service';

export function linkRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/chapter_link/chapter/:chapterId',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ chapterId: idParam }),
        response: { 200: z.array(chapterLinkSchema) },
      },
    },
    (request) => listChapterLinks(app.db, request.user, request.params.chapterId),
  );

  app.post(
    '/api/chapter_link/chapter/:chapterId',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ chapterId: idParam }),
        body: chapterLinksSaveSchema,
        response: { 200: z.array(chapterLinkSchema) },
      },
    },
    async (request) => {
      const { chapterId } = request.params;
      const links = await saveChapterLinks(
        app.db,
        requireSignIn(request),
        chapterId,
        request.body.links,
      );
      await forgetAnswers(app, changed.chapterPart(chapterId));
      return links;
    },
  );
}
