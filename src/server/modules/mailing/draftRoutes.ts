// The Send Email screen's calls before the send (spec 2 §2): the recipient count, a preview of a
// member's copy, and a test to the signed-in user. Each needs host-level access to the chapter
// in the path; none records anything but the test's rate-limit count.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import {
  chapterRecipientsSchema,
  emailDraftSchema,
  emailPreviewSchema,
  testMessageAnswerSchema,
} from '../../../common/schemas/mailing';
import { requireHostAccess } from '../../plugins/auth';
import { mailingListProvider } from '../../mail/lists/factory';
import { brevoChoice } from './providers';
import { requireChapterHostAccess } from '../../core/access';
import { chapterRecipients, composeMessage, previewMessage, sendTestMessage } from './draftService';
import { chapterMembers } from './memberService';

const chapterParams = z.object({ chapterId: idParam });

export function mailingDraftRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const provider = mailingListProvider(app.db, brevoChoice(app.config));
  const hostAccess = { access: 'hostAccess' } as const;
  const settings = { publicUrl: app.config.publicUrl };

  app.get(
    '/api/mailing_list/chapter/:chapterId/recipients',
    {
      config: hostAccess,
      schema: { params: chapterParams, response: { 200: chapterRecipientsSchema } },
    },
    async (request) => {
      const source = await chapterMembers(
        app.db,
        brevoChoice(app.config),
        request.user,
        request.params.chapterId,
      );
      return chapterRecipients(app.db, provider, source);
    },
  );

  app.post(
    '/api/mailing_list/chapter/:chapterId/preview',
    {
      config: hostAccess,
      schema: {
        params: chapterParams,
        body: emailDraftSchema,
        response: { 200: emailPreviewSchema },
      },
    },
    async (request) => {
      const user = requireHostAccess(request, request.params.chapterId);
      const chapter = await requireChapterHostAccess(app.db, user, request.params.chapterId);
      return previewMessage(await composeMessage(app.db, chapter, request.body), settings);
    },
  );

  app.post(
    '/api/mailing_list/chapter/:chapterId/test_message',
    {
      config: hostAccess,
      schema: {
        params: chapterParams,
        body: emailDraftSchema,
        response: { 200: testMessageAnswerSchema },
      },
    },
    async (request) => {
      const user = requireHostAccess(request, request.params.chapterId);
      const chapter = await requireChapterHostAccess(app.db, user, request.params.chapterId);
      const source = await composeMessage(app.db, chapter, request.body);
      return sendTestMessage(app.db, app.mailer, user, source, settings);
    },
  );
}
