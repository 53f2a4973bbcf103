// buildApp: the whole HTTP application, without listening. main.ts and the tests both use it.
import Fastify, { type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db, PoolUse } from './db/client';
import { trustProxyOption } from './addresses';
import { requestIdOf } from './requestId';
import type { Notices } from './db/notices';
import { loggingOptions } from './logging';
import { errorBody, registerErrorHandlers } from './plugins/errors';
import { answerSerializer } from './plugins/serializer';
import { registerNulTextCheck } from './plugins/nulText';
import { answerCacheTally, registerAnswerCaches } from './caching/answerCache';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { readEmailQueue } from './mail/emailQueue';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { requireAccessRules } from './plugins/access';
import { registerAuth } from './plugins/auth';
import { registerOriginCheck } from './plugins/origin';
import { registerOpenApi } from './plugins/openapi';
import { registerDrain } from './plugins/drain';
import { registerUnreadBody } from './plugins/unreadBody';
import { createFrontDoor } from './caching/frontDoor';
import { SESSION_COOKIE, userForToken, authRoutes, accountRoutes } from './modules/auth';
import { pageRenderer, seoRoutes } from './modules/seo';
// The one server file that names the web folder: the web app's drawing of a first screen.
import { renderFirstScreen } from '../web/ssr/firstScreen';
import { docsRoutes } from './modules/docs';
import { createMailer } from './mail/mailer';
import { createSendQueuer } from './mail/sendQueuer';
import { createSendWorker } from './mail/sendWorker';
import { mailQueueLoop } from './mail/mailQueueLoop';
import { realClock } from './mail/workerClock';
import { healthRoutes } from './modules/health';
import { calendarRoutes } from './modules/calendar';
import { embedRoutes } from './modules/embed';
import { feedRoutes } from './modules/feeds';
import { geoRoutes } from './modules/geo';
import {
  chapterRoutes,
  chapterMapRoutes,
  chapterSaveRoutes,
  chapterSetupRoutes,
  chapterCreateRoutes,
} from './modules/chapters';
import { eventRoutes, eventDateRoutes, eventSaveRoutes } from './modules/events';
import { linkRoutes } from './modules/links';
import { chapterPostRoutes } from './modules/chapterPosts';
import { pressRoutes, pressEditRoutes, pressAdminRoutes } from './modules/press';
import { contentRoutes, contentAdminRoutes } from './modules/content';
import { applicationRoutes, applicationAdminRoutes } from './modules/applications';
import {
  mailingRoutes,
  contactAdminRoutes,
  brevoMoveRoutes,
  reminderListOf,
} from './modules/mailing';
import { rsvpHostRoutes, rsvpRoutes } from './modules/rsvps';
import { settingsRoutes, settingsAdminRoutes } from './modules/settings';
import { noteRoutes } from './modules/notes';
import { permissionRoutes } from './modules/permissions';
import { userRoutes } from './modules/users';
import { uploadRoutes, imageServeRoutes, MAX_UPLOAD_BYTES } from './modules/uploads';
import { activityRoutes } from './modules/activity';
import { userNoteRoutes } from './modules/userNotes';
import { dashboardRoutes } from './modules/dashboard';
import { aliasRoutes } from './modules/aliases';
import { createMailSchedule, goingRoutes, reminderPreviewRoutes } from './modules/reminders';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The database's LISTEN/NOTIFY: cached answers are forgotten on every app server at once. */
  notices?: Notices;
  /** The database's connections, for /metrics (Database.poolUse); none: not reported. */
  poolUse?: () => PoolUse;
}

export async function buildApp({ config, db, notices, poolUse = () => null }: AppDeps) {
  // Made first: the front door reports the answers it sends to the request metrics.
  const metrics = createMetrics();
  // Ready answers to visitors go out before Fastify (caching/frontDoor.ts).
  const frontDoor = createFrontDoor({
    sessionCookie: SESSION_COOKIE,
    requestId: requestIdOf,
    observe: (route, status, seconds) => metrics.observeRequest('GET', route, status, seconds),
  });
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    // Shutting down (shutdown.ts, plugins/drain.ts): close the keep-alive connections nobody is
    // using, and serve a request that still arrives on one in use (with `Connection: close`)
    // rather than refuse it with 503: a proxy retries a refused connection, but not a POST that
    // was answered.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // A request is one line at debug; a terminal gets readable lines (logging.ts).
    ...(await loggingOptions(config)),
    // A valid X-Request-Id a proxy sent is the request's id (requestId.ts); Fastify's own
    // reading of the header would take any text at all.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // The one place the client's address is decided (request.ip): addresses.ts.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A malformed URL or content type never reaches a route: answer it in our one error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void reply.code(status).send(errorBody(status, `Invalid request: ${error.message}`));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schemas in tests and development only (plugins/serializer).
  app.setSerializerCompiler(answerSerializer(config.env));
  app.decorate('db', db);
  app.decorate('config', config);
  registerDrain(app);
  registerUnreadBody(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandlers(app);
  requireAccessRules(app);
  // Before any route: the OpenAPI document is collected from the routes as they are added.
  await registerOpenApi(app, { sessionCookie: SESSION_COOKIE });
  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  // Files are read in the route (request.file()), never buffered whole by the plugin.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  registerOriginCheck(app, config.publicUrl);
  registerNulTextCheck(app);
  registerAnswerCaches(app, notices);
  registerMetrics(app, metrics, {
    allow: config.metricsAllow,
    frontDoorServed: () => frontDoor.served,
    answerCaches: () => answerCacheTally(app),
    emailQueue: () => readEmailQueue(db),
    pool: poolUse,
  });
  registerAuth(app, { sessionCookie: SESSION_COOKIE, userForToken });
  // After every plugin that sets headers: the door keeps what they set.
  frontDoor.install(app);
  const mailer = createMailer(config, db, app.log);
  app.decorate('mailer', mailer);
  // Transactional mail the SMTP server did not take at once is tried again from the queue by
  // every app server that has a poll interval (MAIL_SEND_POLL_MS > 0), as chapter email is.
  const mailQueue = mailQueueLoop({
    db,
    queue: mailer.queue,
    log: app.log,
    clock: realClock,
    pollMs: config.mail.sendPollMs,
  });
  app.decorate('mailQueueLoop', mailQueue);
  app.addHook('onReady', async () => mailQueue.start());
  app.addHook('onClose', async () => mailQueue.stop());
  // After the loop has stopped: its try under way ends on an open transport.
  app.addHook('onClose', async () => mailer.close());
  // Chapter email goes out from the database's send ledger, on every app server that has a
  // poll interval (MAIL_SEND_POLL_MS > 0).
  const sendWorker = createSendWorker({
    db,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    tracking: config.mail.tracking,
    pollMs: config.mail.sendPollMs,
    leaseMs: config.mail.sendLeaseMs,
    concurrency: config.mail.sendConcurrency,
    onSmtpAnswer: metrics.countSmtpAnswer,
  });
  app.decorate('sendWorker', sendWorker);
  app.addHook('onReady', async () => sendWorker.start());
  app.addHook('onClose', async () => sendWorker.stop());
  // Every server queues sends' recipients in the background, worker or not: the one that was
  // asked at once, and one left half queued (a server died) once its lease runs out.
  const sendQueuer = createSendQueuer({
    db,
    log: app.log,
    leaseMs: config.mail.sendLeaseMs,
    pollMs: config.mail.sendPollMs,
    // The embedded database runs on this process's thread: a batch holds every request while
    // it is written, so it is kept short there.
    batchSize: config.database.url ? 2000 : 500,
    onQueued: () => sendWorker.wake(),
  });
  app.decorate('sendQueuer', sendQueuer);
  app.addHook('onReady', async () => sendQueuer.start());
  // Stopping, it finishes the batch under way and hands its message back for any server to go on.
  app.addHook('onClose', async () => sendQueuer.stop());
  // Email that goes by itself (issue 34): every server plans and fires what is due from the
  // database; the queuer and the worker above send it like a host's.
  const mailSchedule = createMailSchedule({
    db,
    log: app.log,
    pollMs: config.mail.schedulePollMs,
    publicUrl: config.publicUrl,
    listOf: reminderListOf(config),
    onQueueing: () => sendQueuer.wake(),
    onQueued: () => sendWorker.wake(),
  });
  app.decorate('mailSchedule', mailSchedule);
  app.addHook('onReady', async () => mailSchedule.start());
  app.addHook('onClose', async () => mailSchedule.stop());

  const routes = [
    healthRoutes,
    authRoutes,
    accountRoutes,
    seoRoutes,
    calendarRoutes,
    embedRoutes,
    feedRoutes,
    geoRoutes,
    chapterRoutes,
    chapterMapRoutes,
    eventRoutes,
    eventDateRoutes,
    rsvpRoutes,
    linkRoutes,
    chapterPostRoutes,
    pressRoutes,
    contentRoutes,
    applicationRoutes,
    mailingRoutes,
    settingsRoutes,
    // The chapter admin area (spec 2 §2).
    chapterSaveRoutes,
    chapterSetupRoutes,
    eventSaveRoutes,
    rsvpHostRoutes,
    noteRoutes,
    permissionRoutes,
    userRoutes,
    pressEditRoutes,
    uploadRoutes,
    imageServeRoutes,
    activityRoutes,
    // The site admin tools (spec 2 §2 Site admin tools).
    userNoteRoutes,
    applicationAdminRoutes,
    chapterCreateRoutes,
    contentAdminRoutes,
    pressAdminRoutes,
    settingsAdminRoutes,
    dashboardRoutes,
    // Email administration (spec 2 §2 /admin/email).
    aliasRoutes,
    contactAdminRoutes,
    brevoMoveRoutes,
    goingRoutes,
    reminderPreviewRoutes,
  ];
  for (const register of routes) register(app);
  docsRoutes(app);

  // What the web plugin serves is the modules' to say: pages built by the seo module (which
  // draws first screens with the web app's own components). Uploaded images are the uploads
  // module's, from the database.
  await registerWeb(app, {
    webDir: config.webDir,
    renderPage: pageRenderer(app, renderFirstScreen),
    sessionCookie: SESSION_COOKIE,
  });
  return app;
}
