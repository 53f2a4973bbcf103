// The activity feed (spec 2 §3 Activity feed item): GET /api/activity_feed_item/chapter/{id}.
import { z } from 'zod';
import { ACTIVITY_TYPES } from '../constants';

export const activityItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  note: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  chapterId: z.number().int().nullable(),
  objectId: z.number().int().nullable(),
  adminOnly: z.boolean(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const ACTIVITY_FEED_LIMIT = 50;
