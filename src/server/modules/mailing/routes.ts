// Public mailing-list sign-up (spec 1 §7). Both calls answer 200 with { results: [...] }.
// The chapter admin calls and the links in chapter email register from here too.
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  signUpAnswerSchema,
  signUpChapterRequestSchema,
  signUpRequestSchema,
} from '../../../common/schemas/mailing';
import { mailingListProvider } from '../../mail/lists/factory';
import { brevoChoice } from './providers';
import type { MailingListProvider } from '../../mail/lists/provider';
import type { Db } from '../../db/client';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { clientAddress, countAttempt } from '../auth';
import { signUp, type SignUpInput } from './service';
import { mailingAdminRoutes } from './adminRoutes';
import { mailingBounceRoutes } from './bounceRoutes';
import { mailingDraftRoutes } from './draftRoutes';
import { mailingMemberRoutes } from './memberRoutes';
import { mailingImportRoutes } from './importRoutes';
import { mailingSendsRoutes } from './sendsRoutes';
import { mailingSubscriberRoutes } from './subscriberRoutes';

/**
 * Signs `input` up as the sign-up box does (a built-in list's member confirms by mail), without
 * counting an attempt: the caller counted its own. Forgets the chapter's answers when the first
 * sign-up made its list. Used by the RSVP form's "Also join the mailing list".
 */
export async function signUpAndTell(
  app: AppInstance,
  request: FastifyRequest,
  input: SignUpInput,
  provider = mailingListProvider(app.db, brevoChoice(app.config)),
) {
  let madeList = false;
  const watched = onListCreated(provider, () => (madeList = true));
  const { db, mailer, config } = app;
  const confirmer = { db, mailer, publicUrl: config.publicUrl, log: request.log };
  const answer = await signUp(confirmer, watched, request.user, input);
  const chapterId = Number(input.chapterId);
  if (madeList && Number.isSafeInteger(chapterId)) {
    await forgetAnswers(app, changed.chapterPart(chapterId));
  }
  return answer;
}

export function mailingRoutes(root: AppInstance): void {
  // AppInstance does not carry the zod type provider; this gives handlers typed params and bodies.
  const app = root.withTypeProvider<ZodTypeProvider>();
  const provider = mailingListProvider(app.db, brevoChoice(app.config));

  // A sign-up changes nothing public, except the first one to a chapter without a list: that
  // makes its list, and the chapter's page shows the list's id.
  const countedSignUp = async (request: FastifyRequest, input: SignUpInput) => {
    // Per client address, like sign-in, and counted before anything is written: without it one
    // client could put any number of other people's addresses on our lists. Every sign-up counts,
    // a successful one most of all: that is the abuse.
    await countAttempt(
      app.db,
      [`listSignup:ip:${clientAddress(request.ip)}`],
      app.config.authRateLimit,
    );
    return signUpAndTell(root, request, input, provider);
  };

  app.post(
    '/api/mailing_list/sign_up',
    {
      config: { access: 'public' },
      schema: { body: signUpRequestSchema, response: { 200: signUpAnswerSchema } },
    },
    (request) => countedSignUp(request, request.body),
  );

  app.post(
    '/api/mailing_list/sign_up_chapter',
    {
      config: { access: 'public' },
      schema: { body: signUpChapterRequestSchema, response: { 200: signUpAnswerSchema } },
    },
    (request) =>
      countedSignUp(request, {
        email: request.body.email,
        chapterId: request.body.chapterId,
      }),
  );

  mailingAdminRoutes(root);
  mailingBounceRoutes(root);
  mailingDraftRoutes(root);
  mailingMemberRoutes(root);
  mailingImportRoutes(root);
  mailingSendsRoutes(root);
  mailingSubscriberRoutes(root);
}

/** `provider`, calling `onCreate` after it makes a list (here or in a transaction of its own). */
function onListCreated(provider: MailingListProvider, onCreate: () => void): MailingListProvider {
  return new Proxy(provider, {
    get(target, prop) {
      if (prop === 'createList') {
        return async (name: string) => {
          const list = await target.createList(name);
          onCreate();
          return list;
        };
      }
      if (prop === 'forTransaction') {
        return (db: Db) => onListCreated(target.forTransaction(db), onCreate);
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
