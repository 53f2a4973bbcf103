// The auth calls of spec 1 §7, with the shapes it names: `{ user, error }` for sign-up, sign-in,
// sign-out and the current user; `{ result }` for the password reset.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../appInstance';
import {
  authResponseSchema,
  passwordResetAnswerSchema,
  passwordResetCreateSchema,
  passwordResetNewSchema,
  signinRequestSchema,
  signupRequestSchema,
} from '../../../common/schemas/auth';
import { clientAddress, countAttempt } from './rateLimit';
import { admitSignin } from './signinLimit';
import { checkResetToken, requestPasswordReset, setNewPassword, signin, signup } from './service';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';
import { forgetSignIn } from '../../core/demoSignIns';

export function authRoutes(app: AppInstance): void {
  const { config, db } = app;
  const secure = config.publicUrl.startsWith('https:');
  const limit = config.authRateLimit;
  /** Sign-up and reset: one counter per client address and one per email, each refusing. */
  const attempt = (kind: string, request: FastifyRequest, email: string) =>
    countAttempt(
      db,
      [`${kind}:ip:${clientAddress(request.ip)}`, `${kind}:email:${email.trim().toLowerCase()}`],
      limit,
    );

  async function startSession(reply: FastifyReply, userId: number) {
    const { token } = await createSession(db, userId, config.session.days);
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: config.session.days * 86_400,
    });
  }

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      schema: { body: signupRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      await attempt('signup', request, request.body.email);
      const { userId, ...answer } = await signup(db, request.body);
      if (userId) await startSession(reply, userId);
      return answer;
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: { access: 'public', beforePasswordChange: true },
      schema: { body: signinRequestSchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const admitted = await admitSignin(db, request.ip, username, limit);
      const { userId, ...answer } = await signin(db, username, password);
      if (userId) {
        await admitted.succeeded();
        await startSession(reply, userId);
      }
      return answer;
    },
  );

  // GET, as the spec has it. It only ever ends the caller's own session, so a cross-site link
  // to it can at worst sign someone out.
  app.get(
    '/api/auth/signout',
    { config: { access: 'public' }, schema: { response: { 200: authResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(db, token);
      void reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
      return { user: null, error: null };
    },
  );

  app.get(
    '/api/auth/user',
    { config: { access: 'public' }, schema: { response: { 200: authResponseSchema } } },
    (request) => ({ user: request.user, error: null }),
  );

  app.post(
    '/api/password_reset/create',
    {
      config: { access: 'public' },
      schema: { body: passwordResetCreateSchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      await attempt('reset', request, request.body.email);
      return {
        result: await requestPasswordReset(db, app.mailer, config.publicUrl, request.body.email),
      };
    },
  );

  app.get(
    '/api/password_reset/check/:token',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: passwordResetAnswerSchema },
      },
    },
    async (request) => ({ result: await checkResetToken(db, request.params.token) }),
  );

  app.post(
    '/api/password_reset/new_password',
    {
      config: { access: 'public' },
      schema: { body: passwordResetNewSchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      const changed = await setNewPassword(db, request.body.token, request.body.password);
      if (changed.result === 'ok') await forgetSignIn(config.dataDir, changed.email);
      return { result: changed.result };
    },
  );
}
