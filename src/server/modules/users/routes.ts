// The admin's user search (spec 2 §7 POST /api/user/search): by name or email, at most
// LIMITS.userListMax, by name. Used by Chapter Hosts to add a host or field organizer.
import { asc, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../app';
import { users } from '../../db/schema';
import { LIMITS, ROLE } from '../../../common/constants';
import { userListItemSchema, userSearchRequestSchema } from '../../../common/schemas/permissions';
import { requireAdmin } from '../../plugins/auth';

/** LIKE treats % _ and \ as patterns; a search for them means the characters themselves. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function userRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/user/search',
    {
      config: { access: 'admin' },
      schema: { body: userSearchRequestSchema, response: { 200: z.array(userListItemSchema) } },
    },
    async (request) => {
      requireAdmin(request);
      const pattern = contains(request.body.search);
      const rows = await app.db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          createdAt: users.createdAt,
          isAdmin: sql<boolean>`exists (select 1 from permissions p where p.user_id = "users"."id" and p.role_id = ${ROLE.admin})`,
        })
        .from(users)
        .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
        .orderBy(asc(users.name), asc(users.id))
        .limit(LIMITS.userListMax);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );
}
