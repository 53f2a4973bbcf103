// Who is asking: reads the session cookie into `request.user` (null for a visitor), then
// enforces the route's declared access rule. Rules that need a chapter (hostAccess,
// fieldOrganizerAccess) are checked here for sign-in and again, per chapter, by the service
// through the guards below once it knows which chapter the request is about.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { User } from '../../common/schemas/auth';
import { hasFieldOrganizerAccess, hasHostAccess, isAdmin } from '../../common/policy';
import type { AccessRule } from './access';
import { HttpError } from '../core/httpError';

/** True for a request the router matched to an /api route, however its path was written. */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

export function requireSignIn(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(401, 'Please sign in first.');
  return request.user;
}

export function requireAdmin(request: FastifyRequest): User {
  const user = requireSignIn(request);
  if (!isAdmin(user)) throw new HttpError(403, 'Only site admins may do this.');
  return user;
}

export function requireHostAccess(request: FastifyRequest, chapterId: number): User {
  const user = requireSignIn(request);
  if (!hasHostAccess(user, chapterId)) {
    throw new HttpError(
      403,
      'Only hosts of this chapter, its field organizers and admins may do this.',
    );
  }
  return user;
}

export function requireFieldOrganizerAccess(request: FastifyRequest, chapterId: number): User {
  const user = requireSignIn(request);
  if (!hasFieldOrganizerAccess(user, chapterId)) {
    throw new HttpError(403, 'Only field organizers of this chapter and admins may do this.');
  }
  return user;
}

/** Reads change nothing; a write is one of these not. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A user whose password was printed by `admin:create` may read, sign out (a GET) and change that
 * password, and nothing else until they have: the password may be in a terminal's scrollback
 * or a log (docs/decisions/03-accounts.md).
 */
export function refuseWritesBeforePasswordChange(request: FastifyRequest): void {
  if (!request.user?.passwordChangeRequired || READS.has(request.method)) return;
  if (request.routeOptions.config.beforePasswordChange) return;
  throw new HttpError(
    403,
    'Set a new password before anything else: the one you were given is for your first sign-in only.',
    undefined,
    undefined,
    'PASSWORD_CHANGE_REQUIRED',
  );
}

const ROUTE_GUARDS: Record<AccessRule, (request: FastifyRequest) => void> = {
  public: () => {},
  signedIn: requireSignIn,
  admin: requireAdmin,
  // The chapter is known only inside the handler; it must call requireHostAccess(...) too.
  hostAccess: requireSignIn,
  fieldOrganizerAccess: requireSignIn,
};

/** What the auth module hands over (app.ts): its cookie's name and who a session token is. */
export interface SessionReader {
  sessionCookie: string;
  userForToken: (db: Db, token: string) => Promise<User | null>;
}

export function registerAuth(
  app: FastifyInstance,
  { sessionCookie, userForToken }: SessionReader,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('readUser', async function (this: FastifyRequest) {
    if (isApiRoute(this)) return this.user;
    const token = this.cookies[sessionCookie];
    return token ? userForToken(app.db, token) : null;
  });
  // onRequest: a visitor is refused before the body is even read. Only the API needs to know
  // who is asking; the web app's files are the same for everyone and cost no query.
  app.addHook('onRequest', async (request) => {
    // The matched route, never the URL text: the router decodes the path ('/%61pi/x' is
    // '/api/x'), so a check of the raw text would let an encoded prefix skip the rule.
    if (!isApiRoute(request)) return;
    const token = request.cookies[sessionCookie];
    request.user = token ? await userForToken(app.db, token) : null;
    const rule = (request.routeOptions.config as { access?: AccessRule }).access ?? 'public';
    ROUTE_GUARDS[rule](request);
    refuseWritesBeforePasswordChange(request);
  });
}
