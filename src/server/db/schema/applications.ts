// Applications to host a chapter, and the activity feed of the admin dashboard.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { chapters } from './chapters';

export const chapterHostApplications = pgTable(
  'chapter_host_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    state: text('state').notNull(),
    type: text('type').notNull().default('drinking'),
    reason: text('reason').notNull(),
    slug: text('slug').notNull(),
    status: text('status').notNull().default('open'),
    isArchived: boolean('is_archived').notNull().default(false),
    didHavePhoneCall: boolean('did_have_phone_call').notNull().default(false),
    didSignAgreement: boolean('did_sign_agreement').notNull().default(false),
    didGiveAdditionalInfo: boolean('did_give_additional_info').notNull().default(false),
    // The chapter created from this application, once there is one.
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapter_host_applications_slug_uq').on(t.slug),
    index('chapter_host_applications_user_idx').on(t.userId),
    index('chapter_host_applications_status_idx').on(t.status, t.createdAt.desc()),
    // The six chapter types by word (constants.ts HOST_APPLICATION_TYPES).
    check(
      'chapter_host_applications_type',
      sql`${t.type} in ('drinking', 'screening', 'living', 'laughing', 'dining', 'reading')`,
    ),
    check(
      'chapter_host_applications_status',
      sql`${t.status} in ('open', 'approved', 'approved_without_creation', 'denied')`,
    ),
  ],
);
export type ChapterHostApplicationRow = typeof chapterHostApplications.$inferSelect;

export const activityFeedItems = pgTable(
  'activity_feed_items',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    // The id of the note, user note or press mention the item is about.
    objectId: integer('object_id'),
    adminOnly: boolean('admin_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_feed_items_created_idx').on(t.createdAt.desc()),
    index('activity_feed_items_chapter_created_idx').on(t.chapterId, t.createdAt.desc()),
    check(
      'activity_feed_items_type',
      sql`${t.type} in ('chapter_note', 'user_note', 'press_mention', 'chapter_host_application')`,
    ),
  ],
);
export type ActivityFeedItemRow = typeof activityFeedItems.$inferSelect;
