// POST /api/chapter/new (spec 2 §7, admins): Add Chapter, optionally from a host application.
// Answers the new (hidden) chapter as GET /api/chapter/id/{id} does.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { chapterSchema } from '../../../common/schemas/chapters';
import { newChapterRequestSchema } from '../../../common/schemas/chapterCreate';
import { requireAdmin } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { getChapterById } from './chapter';
import { countedListField } from '../mailing';
import { createChapter } from './create';
import { tellNewHost } from './hostMails';

export function chapterCreateRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/chapter/new',
    {
      config: { access: 'admin' },
      schema: { body: newChapterRequestSchema, response: { 200: chapterSchema } },
    },
    async (request) => {
      const user = requireAdmin(request);
      const { id, hostUserId } = await createChapter(app.db, request.body);
      // After the commit: the welcome's set-password link is a row of its own.
      if (hostUserId !== null) {
        await tellNewHost(
          { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
          id,
          hostUserId,
        );
      }
      const chapter = await getChapterById(
        app.db,
        user,
        id,
        await countedListField(app.db, app.config),
      );
      await forgetAnswers(app, changed.chapter(chapter));
      return chapter;
    },
  );
}
