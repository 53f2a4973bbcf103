// A chapter's links (spec 1 §7, spec 2 §7): GET /api/chapter_link/chapter/{chapterId} for
// anyone who may see the chapter; POST the same path, with host-level access, saves them all.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../app';
import {
  chapterLinkSchema,
  chapterLinksSaveSchema,
  idParam,
} from '../../../common/schemas/chapters';
import { requireSignIn } from '../../plugins/auth';
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
    (request) =>
      saveChapterLinks(
        app.db,
        requireSignIn(request),
        request.params.chapterId,
        request.body.links,
      ),
  );
}
