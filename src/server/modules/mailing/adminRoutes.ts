// The chapter admin area's mailing-list calls (spec 2 §2 Members, Add Members, Send Email; §7).
// Every one needs host-level access: to the chapter in the path, or to a chapter whose list the
// body or query names (listAccess.ts).
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import {
  chapterListIdSchema,
  contactDetailsParamsSchema,
  contactDetailsQuerySchema,
  contactDetailsSchema,
  createChapterListAnswerSchema,
  deleteContactRequestSchema,
  sendMessageAnswerSchema,
  sendMessageRequestSchema,
  signUpManyAnswerSchema,
  signUpManyRequestSchema,
} from '../../../common/schemas/mailing';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireHostAccess, requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { mailingListProvider } from '../../mail/lists/factory';
import { brevoChoice } from './providers';
import {
  contactDetails,
  createChapterList,
  deleteContact,
  getChapterListId,
  signUpMany,
} from './adminService';
import { authorizeChapterList, authorizeList } from './listAccess';
import { sendMessage } from './sendService';

const chapterParams = z.object({ chapterId: idParam });

export function mailingAdminRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const brevo = brevoChoice(app.config);
  const provider = mailingListProvider(app.db, brevo);
  const hostAccess = { access: 'hostAccess' } as const;

  app.get(
    '/api/mailing_list/chapter_list_id/:chapterId',
    {
      config: hostAccess,
      schema: { params: chapterParams, response: { 200: chapterListIdSchema } },
    },
    async (request) => {
      requireHostAccess(request, request.params.chapterId);
      return {
        listId: await getChapterListId(app.db, brevo, request.user, request.params.chapterId),
      };
    },
  );

  app.post(
    '/api/mailing_list/chapter/:chapterId/list',
    {
      config: hostAccess,
      schema: {
        params: chapterParams,
        body: z.object({}).optional(),
        response: { 200: createChapterListAnswerSchema },
      },
    },
    async (request) => {
      const { chapterId } = request.params;
      requireHostAccess(request, chapterId);
      const listId = await createChapterList(app.db, request.user, chapterId, provider);
      await forgetAnswers(app, changed.chapterPart(chapterId));
      return { listId };
    },
  );

  app.get(
    '/api/mailing_list/contact_details/:id',
    {
      config: hostAccess,
      schema: {
        params: contactDetailsParamsSchema,
        querystring: contactDetailsQuerySchema,
        response: { 200: contactDetailsSchema },
      },
    },
    async (request) => {
      const { listId } = request.query;
      await authorizeList(request, app.db, provider, listId);
      return contactDetails(provider, listId, request.params.id);
    },
  );

  app.post(
    '/api/mailing_list/sign_up_many',
    {
      config: hostAccess,
      schema: { body: signUpManyRequestSchema, response: { 200: signUpManyAnswerSchema } },
    },
    async (request) => {
      const { listId, emails } = request.body;
      await authorizeList(request, app.db, provider, listId);
      return signUpMany(provider, listId, emails);
    },
  );

  app.post(
    '/api/mailing_list/delete',
    {
      config: hostAccess,
      schema: { body: deleteContactRequestSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      const { listId, email } = request.body;
      await authorizeList(request, app.db, provider, listId);
      return deleteContact(provider, listId, email);
    },
  );

  app.post(
    '/api/mailing_list/send_message',
    {
      config: hostAccess,
      schema: { body: sendMessageRequestSchema, response: { 202: sendMessageAnswerSchema } },
    },
    async (request, reply) => {
      const chapter = await authorizeChapterList(request, app.db, provider, request.body.listId);
      const answer = await sendMessage(
        app.db,
        requireSignIn(request),
        chapter,
        request.body,
        provider,
      );
      // Published as a chapter post: the chapter's posts and 'Last Active' date.
      await forgetAnswers(app, changed.chapterPart(chapter.id));
      // Committed: this server queues its recipients now, in the background, and its worker
      // sends them as they come rather than at its next look.
      app.sendQueuer.wake();
      app.sendWorker.wake();
      return reply.code(202).send(answer);
    },
  );
}
