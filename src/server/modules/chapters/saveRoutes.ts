// POST /api/chapter (spec 2 §7): saves Chapter Settings or Page Content and answers the saved
// chapter. Host-level access to the chapter, then field by field as policy.ts says.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { chapterSchema } from '../../../common/schemas/chapters';
import { chapterSaveRequestSchema } from '../../../common/schemas/chapterSettings';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { getChapterById } from './chapter';
import { countedListField } from '../mailing';
import { saveChapter } from './save';
import { tellActivated } from './hostMails';

export function chapterSaveRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/chapter',
    {
      config: { access: 'hostAccess' },
      schema: { body: chapterSaveRequestSchema, response: { 200: chapterSchema } },
    },
    async (request) => {
      const user = requireSignIn(request);
      const { activated } = await saveChapter(app.db, user, request.body);
      if (activated) {
        await tellActivated(
          { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
          request.body.id,
        );
      }
      const counted = await countedListField(app.db, app.config);
      const chapter = await getChapterById(app.db, user, request.body.id, counted);
      await forgetAnswers(app, changed.chapter(chapter));
      return chapter;
    },
  );
}
