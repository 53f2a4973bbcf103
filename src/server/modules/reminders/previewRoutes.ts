// GET /api/reminders/chapter/{chapterId}/preview: the chapter's list reminder as its members will
// get it, for the Chapter Settings screen. Whoever may change the reminder settings may look:
// the chapter's hosts, its field organizers and the admins.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import { emailPreviewSchema } from '../../../common/schemas/mailing';
import { requireChapterHostAccess } from '../../core/access';
import { requireHostAccess } from '../../plugins/auth';
import { listReminderPreview } from './preview';

const chapterParams = z.object({ chapterId: idParam });

export function reminderPreviewRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/reminders/chapter/:chapterId/preview',
    {
      config: { access: 'hostAccess' },
      schema: { params: chapterParams, response: { 200: emailPreviewSchema } },
    },
    async (request) => {
      const user = requireHostAccess(request, request.params.chapterId);
      const chapter = await requireChapterHostAccess(app.db, user, request.params.chapterId);
      return listReminderPreview(app.db, chapter, app.config.publicUrl, new Date());
    },
  );
}
