// GET /api/admin/dashboard (admins): beyond the spec's placeholder counts, see service.ts. The
// answer is the same for every admin, so each app server keeps it ready for
// PUBLIC_CACHE_SECONDS like the visitors' answers (caching/answerCache.ts): built, checked
// against the schema and gzipped once, and forgotten when any chapter changes (answerKeys.ts);
// list sizes and other counts no chapter write announces are as old as PUBLIC_CACHE_SECONDS.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { adminDashboardSchema } from '../../../common/schemas/adminDashboard';
import { appAnswerCache } from '../../caching/answerCache';
import { sendCachedAnswer } from '../../caching/publicAnswers';
import { shows } from '../../caching/answerKeys';
import { z } from 'zod';
import { requireAdmin, requireSignIn } from '../../plugins/auth';
import { requireChapterHostAccess } from '../../core/access';
import { dashboardChapterSchema } from '../../../common/schemas/adminDashboard';
import { idParam } from '../../../common/schemas/chapters';
import { chapterFigures } from './figures';
import { emailQueueSchema } from '../../../common/schemas/emailQueue';
import { getAdminDashboard } from './service';
import { getEmailQueue } from './emailQueue';

export function dashboardRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const answers = appAnswerCache(app, adminDashboardSchema, app.config.publicCacheMs);

  app.get(
    '/api/admin/dashboard',
    { config: { access: 'admin' }, schema: { response: { 200: adminDashboardSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      const answer = await answers.get(
        'dashboard',
        () => getAdminDashboard(app.db),
        shows.allChapters,
      );
      // Admins' data: never kept by a browser or a proxy.
      return sendCachedAnswer(request, reply, answer, 'private, no-store');
    },
  );
  // One chapter's figures and health for its hosts' dashboard: the same computation and the
  // same answer as its row of the admins' table (docs/decisions/22-chapter-figures.md).
  app.get(
    '/api/chapter/:id/figures',
    {
      config: { access: 'hostAccess' },
      schema: { params: z.object({ id: idParam }), response: { 200: dashboardChapterSchema } },
    },
    async (request, reply) => {
      const chapter = await requireChapterHostAccess(
        app.db,
        requireSignIn(request),
        request.params.id,
      );
      const [row] = await chapterFigures(app.db, new Date(), chapter.id);
      void reply.header('cache-control', 'private, no-store');
      return row;
    },
  );
  // The queue as it is now: never kept by a server, a browser or a proxy.
  app.get(
    '/api/admin/email_queue',
    { config: { access: 'admin' }, schema: { response: { 200: emailQueueSchema } } },
    async (request, reply) => {
      requireAdmin(request);
      void reply.header('cache-control', 'private, no-store');
      return getEmailQueue(app.db);
    },
  );
}
