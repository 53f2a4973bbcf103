// Your Settings' calls: the signed-in user's own name, email and password, and the public call
// that an email-change link's page makes.
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  accountSchema,
  emailChangeAnswerSchema,
  emailChangeConfirmSchema,
  emailChangeRequestSchema,
  nameChangeSchema,
  passwordChangeSchema,
} from '../../../common/schemas/auth';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import {
  changeName,
  changePassword,
  confirmEmailChange,
  loadAccount,
  requestEmailChange,
} from './accountSettings';
import { clientAddress, countAttempt, refundAttempt } from './rateLimit';
import { SESSION_COOKIE } from './sessions';
import { forgetSignIn } from '../../core/demoSignIns';

export function accountRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  /** Per client address and per account, like the sign-in counters. */
  const keys = (kind: string, request: FastifyRequest, userId: number) => [
    `${kind}:ip:${clientAddress(request.ip)}`,
    `${kind}:user:${userId}`,
  ];

  app.get(
    '/api/user/me',
    { config: { access: 'signedIn' }, schema: { response: { 200: accountSchema } } },
    (request) => loadAccount(db, requireSignIn(request).id),
  );

  app.post(
    '/api/user/me',
    {
      config: { access: 'signedIn' },
      schema: { body: nameChangeSchema, response: { 200: accountSchema } },
    },
    async (request) => {
      const { id } = requireSignIn(request);
      const account = await changeName(db, id, request.body.name);
      // Hosts' names show in their chapters' pages.
      await forgetAnswers(app, changed.user(id));
      return account;
    },
  );

  // Each request mails two messages, so every one counts: the limit keeps this from being a way
  // to send mail to any address.
  app.post(
    '/api/user/me/email',
    {
      config: { access: 'signedIn' },
      schema: { body: emailChangeRequestSchema, response: { 200: accountSchema } },
    },
    async (request) => {
      const user = requireSignIn(request);
      await countAttempt(db, keys('emailChange', request, user.id), config.authRateLimit);
      return requestEmailChange(db, app.mailer, config.publicUrl, user.id, request.body.email);
    },
  );

  // A wrong current password counts as a guess; a right one takes its attempt back.
  app.post(
    '/api/user/me/password',
    {
      config: { access: 'signedIn', beforePasswordChange: true },
      schema: { body: passwordChangeSchema, response: { 200: accountSchema } },
    },
    async (request) => {
      const user = requireSignIn(request);
      const attemptKeys = keys('password', request, user.id);
      await countAttempt(db, attemptKeys, config.authRateLimit);
      const { currentPassword, password } = request.body;
      const token = request.cookies[SESSION_COOKIE];
      const account = await changePassword(db, user.id, token, currentPassword, password);
      await refundAttempt(db, attemptKeys);
      await forgetSignIn(config.dataDir, account.user.email);
      return account;
    },
  );

  // Public: the link is often opened on another device than the one that asked. The token (256
  // random bits, single use, expiring) is the proof.
  app.post(
    '/api/user/email_change/confirm',
    {
      config: { access: 'public' },
      schema: { body: emailChangeConfirmSchema, response: { 200: emailChangeAnswerSchema } },
    },
    (request) => confirmEmailChange(db, request.body.token),
  );
}
