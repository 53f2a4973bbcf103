// Host applications for admins (spec 2 §7): GET /api/chapter_host_application (all) and
// GET /api/chapter_host_application/user/{userId}. Saving one is POST
// /api/chapter_host_application (routes.ts), which serves applicants and admins.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { hostApplicationListSchema } from '../../../common/schemas/applications';
import { userIdParamSchema } from '../../../common/schemas/users';
import { requireAdmin } from '../../plugins/auth';
import { listAllApplications, listUserApplications } from './admin';

export function applicationAdminRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/chapter_host_application',
    { config: { access: 'admin' }, schema: { response: { 200: hostApplicationListSchema } } },
    (request) => {
      requireAdmin(request);
      return listAllApplications(app.db);
    },
  );

  app.get(
    '/api/chapter_host_application/user/:userId',
    {
      config: { access: 'admin' },
      schema: { params: userIdParamSchema, response: { 200: hostApplicationListSchema } },
    },
    (request) => {
      requireAdmin(request);
      return listUserApplications(app.db, request.params.userId);
    },
  );
}
