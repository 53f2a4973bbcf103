// Public chapter reads (spec 1 §7 Chapters). Hidden chapters are filtered by the services
// (visibility.ts), so every route here may be public: the answer depends on who asks.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app';
import { activeChaptersCache } from './activeCache';
import {
  activeChapterSchema,
  chapterSchema,
  chapterSearchQuerySchema,
  chapterSummarySchema,
  idParam,
  myChapterSchema,
  stateParam,
} from '../../../common/schemas/chapters';
import { requireSignIn } from '../../plugins/auth';
import { getChapterById, getChapterBySlug } from './chapter';
import { headerImageOf } from '../uploads/files';
import { listChapters, listMyChapters, listStateChapters, searchChapters } from './service';

const slugParams = z.object({ slug: z.string().min(1).max(300) });

const summaries = z.array(chapterSummarySchema);

export function chapterRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const withHeaderImage = headerImageOf(app.config.uploadsDir);

  app.get(
    '/api/chapter/slug/:slug',
    {
      config: { access: 'public' },
      schema: { params: slugParams, response: { 200: chapterSchema } },
    },
    async (request) =>
      withHeaderImage(await getChapterBySlug(app.db, request.user, request.params.slug)),
  );

  app.get(
    '/api/chapter/id/:id',
    {
      config: { access: 'public' },
      schema: { params: z.object({ id: idParam }), response: { 200: chapterSchema } },
    },
    async (request) =>
      withHeaderImage(await getChapterById(app.db, request.user, request.params.id)),
  );

  app.get(
    '/api/chapters',
    { config: { access: 'public' }, schema: { response: { 200: summaries } } },
    (request) => listChapters(app.db, request.user),
  );

  app.get(
    '/api/chapters/my',
    { config: { access: 'signedIn' }, schema: { response: { 200: z.array(myChapterSchema) } } },
    (request) => listMyChapters(app.db, requireSignIn(request)),
  );

  const active = activeChaptersCache(app.db, app.config.homeMapCacheMs);
  app.get(
    '/api/chapters/active',
    {
      config: { access: 'public' },
      // Sent pre-serialized and pre-compressed from the cache (see activeCache.ts).
      compress: false,
      schema: { response: { 200: z.array(activeChapterSchema) } },
    },
    // The raw reply: the body was checked against the schema when the cache was built, and is
    // sent as the bytes it already is.
    async (request, rawReply) => {
      const reply = rawReply as unknown as FastifyReply;
      const body = await active.get();
      void reply
        .header('etag', body.etag)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
      const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      void reply.type('application/json; charset=utf-8');
      return gzip
        ? reply.header('content-encoding', 'gzip').send(body.gzip)
        : reply.send(body.json);
    },
  );

  app.get(
    '/api/chapters/state/:stateLower',
    {
      config: { access: 'public' },
      schema: { params: z.object({ stateLower: stateParam }), response: { 200: summaries } },
    },
    (request) => listStateChapters(app.db, request.user, request.params.stateLower),
  );

  app.get(
    '/api/chapters/search',
    {
      config: { access: 'public' },
      schema: { querystring: chapterSearchQuerySchema, response: { 200: summaries } },
    },
    (request) => searchChapters(app.db, request.user, request.query.q, request.query.activeOnly),
  );
}
