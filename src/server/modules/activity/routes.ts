// The activity feed (spec 2 §7): GET /api/activity_feed_item/all (admins) and
// GET /api/activity_feed_item/chapter/{id} (host-level; admin-only items for admins only).
// Newest first, the latest ACTIVITY_FEED_LIMIT.
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import type { Db } from '../../db/client';
import { activityFeedItems, users } from '../../db/schema';
import { isAdmin } from '../../../common/policy';
import {
  ACTIVITY_FEED_LIMIT,
  activityItemSchema,
  type ActivityItem,
} from '../../../common/schemas/activity';
import { idParam } from '../../../common/schemas/chapters';
import { requireAdmin, requireSignIn } from '../../plugins/auth';
import { requireChapterHostAccess } from '../../core/access';

async function feed(db: Db, where: SQL | undefined): Promise<ActivityItem[]> {
  const rows = await db
    .select({ item: activityFeedItems, userName: users.name })
    .from(activityFeedItems)
    .leftJoin(users, eq(users.id, activityFeedItems.userId))
    .where(where)
    .orderBy(desc(activityFeedItems.createdAt), desc(activityFeedItems.id))
    .limit(ACTIVITY_FEED_LIMIT);
  return rows.map(({ item, userName }) => ({
    id: item.id,
    type: item.type as ActivityItem['type'],
    title: item.title,
    note: item.note,
    user: item.userId === null ? null : { id: item.userId, name: userName ?? '' },
    chapterId: item.chapterId,
    objectId: item.objectId,
    adminOnly: item.adminOnly,
    createdAt: item.createdAt.toISOString(),
  }));
}

const items = z.array(activityItemSchema);

export function activityRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/activity_feed_item/all',
    { config: { access: 'admin' }, schema: { response: { 200: items } } },
    (request) => {
      requireAdmin(request);
      return feed(app.db, undefined);
    },
  );

  app.get(
    '/api/activity_feed_item/chapter/:id',
    {
      config: { access: 'hostAccess' },
      schema: { params: z.object({ id: idParam }), response: { 200: items } },
    },
    async (request) => {
      const user = requireSignIn(request);
      const chapter = await requireChapterHostAccess(app.db, user, request.params.id);
      return feed(
        app.db,
        and(
          eq(activityFeedItems.chapterId, chapter.id),
          isAdmin(user) ? undefined : eq(activityFeedItems.adminOnly, false),
        ),
      );
    },
  );
}
