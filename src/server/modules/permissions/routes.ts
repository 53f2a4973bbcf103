// Chapter roles (spec 2 §7): GET /api/permission/{chapterId} for host-level users; POST
// /api/permission/{chapterId} { userId, roleId } and POST /api/permission/delete { id, ... }
// for admins only.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { chapterPermissionSchema, idParam } from '../../../common/schemas/chapters';
import {
  permissionDeleteSchema,
  permissionGrantSchema,
  resultSchema,
} from '../../../common/schemas/permissions';
import { requireAdmin, requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { chapterNotFound } from '../../core/visibility';
import { chapters } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { grantPermission, listChapterPermissions, revokePermission } from './service';

const params = z.object({ chapterId: idParam });

export function permissionRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/permission/:chapterId',
    {
      config: { access: 'hostAccess' },
      schema: { params, response: { 200: z.array(chapterPermissionSchema) } },
    },
    (request) => listChapterPermissions(app.db, requireSignIn(request), request.params.chapterId),
  );

  app.post(
    '/api/permission/:chapterId',
    {
      config: { access: 'admin' },
      schema: { params, body: permissionGrantSchema, response: { 200: chapterPermissionSchema } },
    },
    async (request) => {
      requireAdmin(request);
      const [chapter] = await app.db
        .select({ id: chapters.id })
        .from(chapters)
        .where(eq(chapters.id, request.params.chapterId));
      if (!chapter) throw chapterNotFound();
      const granted = await grantPermission(app.db, chapter.id, request.body);
      await forgetAnswers(app, changed.role({ chapterId: chapter.id }));
      return granted;
    },
  );

  app.post(
    '/api/permission/delete',
    {
      config: { access: 'admin' },
      schema: { body: permissionDeleteSchema, response: { 200: resultSchema } },
    },
    async (request) => {
      requireAdmin(request);
      await revokePermission(app.db, request.body.id);
      await forgetAnswers(app, changed.role({ permissionId: request.body.id }));
      return { result: 'success' as const };
    },
  );
}
