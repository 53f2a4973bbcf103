// The activity feed admins read: other modules call recordActivity() when something happens
// worth seeing there (a note, a press mention, a host application...).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/database';
import { activityFeedItems } from '../../db/schema';
import { ACTIVITY_TYPES } from '../../../common/constants';

/** The spec's three types plus host applications (the database's check allows these four). */
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface NewActivity {
  type: ActivityType;
  title: string;
  note: string;
  /** Who did it; null for the system. */
  userId: number | null;
  chapterId?: number | null;
  /** The id of the note, press mention, application... the item is about. */
  objectId?: number | null;
  adminOnly?: boolean;
}

export async function recordActivity(db: DbOrTx, item: NewActivity) {
  const [row] = await db
    .insert(activityFeedItems)
    .values({
      type: item.type,
      title: item.title,
      note: item.note,
      userId: item.userId,
      chapterId: item.chapterId ?? null,
      objectId: item.objectId ?? null,
      adminOnly: item.adminOnly ?? false,
    })
    .returning();
  if (!row) throw new Error('insert returned no activity item');
  return row;
}

/** Removes the items about a thing that no longer exists: the feed never links to nothing. */
export async function forgetActivity(db: DbOrTx, type: ActivityType, objectId: number) {
  await db
    .delete(activityFeedItems)
    .where(and(eq(activityFeedItems.type, type), eq(activityFeedItems.objectId, objectId)));
}
