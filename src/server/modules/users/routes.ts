// The admin's user calls (spec 2 §2 /admin/users, §7, §9): GET /api/user/all (the newest 300),
// GET /api/user/count, GET /api/user/user/{id}, and POST /api/user/search (by name or email, at
// most 300, by name; also used by Chapter Hosts to add a host or field organizer).
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  userCountSchema,
  userDetailSchema,
  userIdParamsSchema,
  userListSchema,
  userSearchRequestSchema,
} from '../../../common/schemas/users';
import { requireAdmin } from '../../plugins/auth';
import { countUsers, getUserDetail, listUsers, searchUsers } from './service';

export function userRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/user/all',
    { config: { access: 'admin' }, schema: { response: { 200: userListSchema } } },
    (request) => {
      requireAdmin(request);
      return listUsers(app.db);
    },
  );

  app.get(
    '/api/user/count',
    { config: { access: 'admin' }, schema: { response: { 200: userCountSchema } } },
    async (request) => {
      requireAdmin(request);
      return { count: await countUsers(app.db) };
    },
  );

  app.get(
    '/api/user/user/:id',
    {
      config: { access: 'admin' },
      schema: { params: userIdParamsSchema, response: { 200: userDetailSchema } },
    },
    (request) => {
      requireAdmin(request);
      return getUserDetail(app.db, request.params.id);
    },
  );

  app.post(
    '/api/user/search',
    {
      config: { access: 'admin' },
      schema: { body: userSearchRequestSchema, response: { 200: userListSchema } },
    },
    (request) => {
      requireAdmin(request);
      return searchUsers(app.db, request.body.search);
    },
  );
}
