// The app as every module and plugin sees it: its decorations and the zod type provider. Here,
// below them all, so that app.ts (which registers every module) is the only file that knows
// every module, and no module imports app.ts.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { SendQueuer } from './mail/sendQueuer';
import type { SendWorker } from './mail/sendWorker';
import type { MailQueueLoop } from './mail/mailQueueLoop';
import type { MailSchedule } from './mail/mailSchedule';
import type { FrontDoor } from './caching/frontDoor';
import type { Drain } from './plugins/drain';
import type { AccessRule, ApiRoute } from './plugins/access';
import type { User } from '../common/schemas/auth';

// Every decoration of the app, its requests and its routes' config, in one place: a reader
// finds here what `app.x` or `request.x` is, wherever it is set.
declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    sendQueuer: SendQueuer;
    sendWorker: SendWorker;
    mailQueueLoop: MailQueueLoop;
    /** Reminders, notices and digests (modules/reminders): wake() after a change. */
    mailSchedule: MailSchedule;
    /** The answers sent before Fastify (caching/frontDoor.ts). */
    frontDoor: FrontDoor;
    drain: Drain;
    /** Every /api route with its rule, as registered: what tests walk to cover them all. */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    /** Who is asking (plugins/auth.ts); null for a visitor. */
    user: User | null;
    /**
     * Who is asking, read from the session cookie: `user` outside the API, where it is not read
     * for every request (a hidden chapter's header image asks it).
     */
    readUser(): Promise<User | null>;
  }
  interface FastifyContextConfig {
    /** The route's access rule (plugins/access.ts); start-up fails for a route without one. */
    access?: AccessRule;
    /**
     * A write allowed while the user must still change a printed password (plugins/auth.ts):
     * signing in and changing the password. Every other write is refused until then.
     */
    beforePasswordChange?: true;
  }
}

/** The app as route modules see it: zod schemas type each handler's params, body and reply. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
