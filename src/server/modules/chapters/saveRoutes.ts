// POST /api/chapter (spec 2 §7): saves Chapter Settings or Page Content and answers the saved
// chapter. Host-level access to the chapter, then field by field as policy.ts says.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../appInstance';
import { chapterSchema, type Chapter } from '../../../common/schemas/chapters';
import {
  chapterSaveRequestSchema,
  type ChapterSaveRequest,
} from '../../../common/schemas/chapterSettings';
import type { User } from '../../../common/schemas/auth';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { getChapterById } from './chapter';
import { countedListField } from '../mailing';
import { saveChapter } from './save';
import { tellActivated } from './hostMails';

/**
 * Saves, tells the hosts when the save made the chapter active, forgets what the change makes
 * stale, and answers the chapter as the caller reads it. The one way a chapter is changed,
 * whether from its settings or by Make active (setupRoutes.ts).
 */
export async function saveAndTell(
  app: AppInstance,
  request: FastifyRequest,
  user: User,
  body: ChapterSaveRequest,
): Promise<Chapter> {
  const { activated } = await saveChapter(app.db, user, body);
  if (activated) {
    await tellActivated(
      { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
      body.id,
    );
  }
  const counted = await countedListField(app.db, app.config);
  const chapter = await getChapterById(app.db, user, body.id, counted);
  await forgetAnswers(app, changed.chapter(chapter));
  return chapter;
}

export function chapterSaveRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/chapter',
    {
      config: { access: 'hostAccess' },
      schema: { body: chapterSaveRequestSchema, response: { 200: chapterSchema } },
    },
    async (request) => saveAndTell(root, request, requireSignIn(request), request.body),
  );
}
