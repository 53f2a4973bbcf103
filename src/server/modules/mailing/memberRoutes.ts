// The Members screen's reads (spec 2 §2 Members, §7; issue 23): a page of the chapter's list,
// the whole list as the spec's call answers it (streamed), and the list as a CSV file. The
// chapter's hosts, its field organizers and admins only, as every chapter list call.
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import { chapterContactsSchema } from '../../../common/schemas/mailing';
import { memberPageQuerySchema, memberPageSchema } from '../../../common/schemas/members';
import { textAnswer } from '../../../common/schemas/answers';
import { checksOwnAnswers } from '../../config';
import { requireHostAccess } from '../../plugins/auth';
import { mailingListProvider } from '../../mail/lists/factory';
import { brevoChoice } from './providers';
import { downloadGate } from './exportGate';
import {
  chapterMembers,
  exportFileName,
  memberPage,
  membersCsv,
  wholeListJson,
} from './memberService';

const chapterParams = z.object({ chapterId: idParam });

/**
 * Sends a stream as the answer. Its route still declares the answer's schema (the OpenAPI
 * document); a stream passes no serializer, so the stream checks itself (memberService.ts).
 */
function sendStream(reply: FastifyReply, contentType: string, stream: Readable) {
  return reply
    .header('content-type', contentType)
    .header('cache-control', 'no-store, private')
    .send(stream);
}

export function mailingMemberRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const brevo = brevoChoice(app.config);
  const provider = mailingListProvider(app.db, brevo);
  const hostAccess = { access: 'hostAccess' } as const;
  const checkAnswers = checksOwnAnswers(app.config.env);
  // The two whole-list answers share a user's places: each reads the whole list.
  const downloads = downloadGate();

  app.get(
    '/api/mailing_list/chapter/:chapterId/members',
    {
      config: hostAccess,
      schema: {
        params: chapterParams,
        querystring: memberPageQuerySchema,
        response: { 200: memberPageSchema },
      },
    },
    async (request) => {
      requireHostAccess(request, request.params.chapterId);
      const source = await chapterMembers(app.db, brevo, request.user, request.params.chapterId);
      return memberPage(app.db, provider, source, request.query);
    },
  );

  app.get(
    '/api/mailing_list/chapter/:chapterId/contacts',
    {
      config: hostAccess,
      schema: { params: chapterParams, response: { 200: chapterContactsSchema } },
    },
    async (request, reply) => {
      const user = requireHostAccess(request, request.params.chapterId);
      const source = await chapterMembers(app.db, brevo, request.user, request.params.chapterId);
      const stream = downloads.hold(user.id, () =>
        wholeListJson(app.db, provider, source, checkAnswers),
      );
      return sendStream(reply, 'application/json; charset=utf-8', stream);
    },
  );

  app.get(
    '/api/mailing_list/chapter/:chapterId/members.csv',
    {
      config: hostAccess,
      schema: {
        params: chapterParams,
        response: {
          200: textAnswer(
            'text/csv',
            'Every member, newest first: email, name (empty: contacts have none yet), status, joined, last_opened (RFC 4180, CRLF)',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = requireHostAccess(request, request.params.chapterId);
      const source = await chapterMembers(app.db, brevo, request.user, request.params.chapterId);
      const stream = downloads.hold(user.id, () => membersCsv(app.db, provider, source));
      void reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(source.chapter)}"`,
      );
      return sendStream(reply, 'text/csv; charset=utf-8', stream);
    },
  );
}
