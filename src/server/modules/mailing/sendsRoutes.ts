// The sends a host watches and stops (issue 23): the chapter's latest sends with their progress,
// and stopping one. Both need host-level access to the send's chapter, as sending does.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import {
  chapterSendSchema,
  chapterSendsSchema,
  sendIdParamsSchema,
} from '../../../common/schemas/sends';
import { requireChapterHostAccess } from '../../core/access';
import { cancelSend, chapterSends } from './sendsService';

const chapterParams = z.object({ chapterId: idParam });

export function mailingSendsRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const hostAccess = { access: 'hostAccess' } as const;

  app.get(
    '/api/mailing_list/chapter/:chapterId/sends',
    {
      config: hostAccess,
      schema: { params: chapterParams, response: { 200: chapterSendsSchema } },
    },
    async (request) => {
      const chapter = await requireChapterHostAccess(
        app.db,
        request.user,
        request.params.chapterId,
      );
      return chapterSends(app.db, chapter.id);
    },
  );

  app.post(
    '/api/mailing_list/sends/:id/cancel',
    {
      config: hostAccess,
      schema: { params: sendIdParamsSchema, response: { 200: chapterSendSchema } },
    },
    async (request) => cancelSend(app.db, request.user, request.params.id),
  );
}
