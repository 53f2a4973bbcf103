// The links in a chapter email (public: the token in the path is the credential): the
// unsubscribe page's two calls, RFC 8058 one-click unsubscribe, the open pixel and tracked links;
// and the confirmation page of a sign-up's link.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  clickQuerySchema,
  confirmAnswerSchema,
  tokenParamsSchema,
  unsubscribeInfoSchema,
  oneClickRequestSchema,
  unsubscribeRequestSchema,
} from '../../../common/schemas/mailing';
import { resultSchema } from '../../../common/schemas/permissions';
import { binaryAnswer, redirectAnswer } from '../../../common/schemas/answers';
import { ONE_CLICK_UNSUBSCRIBE_ROUTE } from '../../plugins/origin';
import { clickTarget, recordOpen, unsubscribe, unsubscribeInfo } from './subscriberService';
import { confirmSubscription } from './confirmService';

// The smallest transparent GIF: what an open pixel answers, whatever the token.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function mailingSubscriberRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { tracking } = app.config.mail;

  app.get(
    ONE_CLICK_UNSUBSCRIBE_ROUTE,
    {
      config: { access: 'public' },
      schema: { params: tokenParamsSchema, response: { 200: unsubscribeInfoSchema } },
    },
    (request) => unsubscribeInfo(app.db, request.params.token),
  );

  // Mail clients post one-click unsubscribes as a form (RFC 8058); only this route reads one.
  // The origin check lets exactly this request through (plugins/origin.ts).
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      ONE_CLICK_UNSUBSCRIBE_ROUTE,
      {
        config: { access: 'public' },
        schema: {
          // Our page sends JSON; mail clients send RFC 8058's form.
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          params: tokenParamsSchema,
          body: unsubscribeRequestSchema,
          response: { 200: resultSchema },
        },
      },
      (request) => unsubscribe(app.db, request.params.token),
    );
    // The address every List-Unsubscribe header names since issue 34: the unsubscribe page,
    // which a GET shows (with its button) and a mail client's one-click POST acts on.
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe/:token',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          consumes: ['application/x-www-form-urlencoded'],
          params: tokenParamsSchema,
          body: oneClickRequestSchema,
          response: { 200: resultSchema },
        },
      },
      (request) => unsubscribe(app.db, request.params.token),
    );
  });

  // A POST, called by the page the link opens: a mail scanner fetching the link confirms nothing.
  app.post(
    '/api/mailing_list/confirm/:token',
    {
      config: { access: 'public' },
      schema: {
        params: tokenParamsSchema,
        body: z.object({}).optional(),
        response: { 200: confirmAnswerSchema },
      },
    },
    (request) =>
      confirmSubscription(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
        request.params.token,
      ),
  );

  app.get(
    '/api/mailing_list/open/:token',
    {
      config: { access: 'public' },
      schema: {
        params: tokenParamsSchema,
        response: { 200: binaryAnswer('image/gif', 'A transparent 1x1 image, whatever the token') },
      },
    },
    async (request, reply) => {
      if (tracking) await recordOpen(app.db, request.params.token);
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, private')
        .send(PIXEL);
    },
  );

  app.get(
    '/api/mailing_list/click/:token',
    {
      config: { access: 'public' },
      schema: {
        params: tokenParamsSchema,
        querystring: clickQuerySchema,
        response: {
          302: redirectAnswer(
            'To `url`, which must be a link in that very message (else 400)',
            'The link `url`, as the message has it',
          ),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const url = await clickTarget(app.db, token, request.query.url, tracking);
      return reply.header('cache-control', 'no-store, private').redirect(url, 302);
    },
  );
}
