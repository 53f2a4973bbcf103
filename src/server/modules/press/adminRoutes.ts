// The admins' press list (spec 2 §2 /admin/press_mentions): GET /api/press_mention/all (every
// mention, visible or not, network-wide and chapters') and GET /api/press_mention/network (the
// network's own: saved with chapterId -1, answered with chapterId null). Newest first.
import { desc, eq, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import type { Db } from '../../db/client';
import { chapters, pressMentions } from '../../db/schema';
import { pressMentionSchema, type PressMention } from '../../../common/schemas/chapters';
import { requireAdmin } from '../../plugins/auth';
import { toMention } from './service';

async function allMentions(db: Db, where: SQL | undefined): Promise<PressMention[]> {
  const rows = await db
    .select({ mention: pressMentions, chapter: chapters })
    .from(pressMentions)
    .leftJoin(chapters, eq(chapters.id, pressMentions.chapterId))
    .where(where)
    .orderBy(desc(pressMentions.createdAt), desc(pressMentions.id));
  return rows.map((r) => toMention(r.mention, r.chapter));
}

const mentions = z.array(pressMentionSchema);

export function pressAdminRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/press_mention/all',
    { config: { access: 'admin' }, schema: { response: { 200: mentions } } },
    (request) => {
      requireAdmin(request);
      return allMentions(app.db, undefined);
    },
  );

  app.get(
    '/api/press_mention/network',
    { config: { access: 'admin' }, schema: { response: { 200: mentions } } },
    (request) => {
      requireAdmin(request);
      return allMentions(app.db, isNull(pressMentions.chapterId));
    },
  );
}
