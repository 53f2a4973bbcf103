// Chapters, their types, who hosts them, their links and their notes.
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
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users, roles } from './accounts';

export const chapterTypes = pgTable('chapter_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hexColor: text('hex_color').notNull(),
  // The domain of the type's mailbox: a chapter's address is {emailAlias}@{mailDomain}.
  mailDomain: text('mail_domain').notNull(),
});
export type ChapterTypeRow = typeof chapterTypes.$inferSelect;

export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    city: text('city').notNull().default(''),
    // Upper-case abbreviation from the state list; 'INT' for International.
    state: text('state').notNull().default('INT'),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    status: integer('status').notNull().default(0),
    chapterTypeId: integer('chapter_type_id')
      .notNull()
      .default(1)
      .references(() => chapterTypes.id, { onDelete: 'restrict' }),
    emailAlias: text('email_alias').notNull().default(''),
    brontoListName: text('bronto_list_name').notNull().default(''),
    brontoListId: text('bronto_list_id'),
    sendInBlueListId: text('send_in_blue_list_id'),
    about: text('about').notNull().default(''),
    // Email that goes by itself (issue 34): the list's reminder this many days before each
    // meeting (0: none) at this hour, local to the chapter; a reminder to those going and the
    // hosts' digest this many hours before (0: none).
    reminderDaysBefore: integer('reminder_days_before').notNull().default(3),
    reminderHour: integer('reminder_hour').notNull().default(10),
    rsvpReminderHours: integer('rsvp_reminder_hours').notNull().default(24),
    hostDigestHours: integer('host_digest_hours').notNull().default(24),
    // 'Last Active': the latest of its posts and chapter emails, kept by triggers on those two
    // tables (migration 0007), so that lists read it instead of scanning every post.
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapters_slug_uq').on(t.slug),
    // One chapter per list: two chapters naming one list would each read and mail the other's
    // members. Ids are stored canonical (common/schemas/ids.ts canonicalListId), so equal text
    // is the same list and the unique index is the whole rule, race included.
    uniqueIndex('chapters_bronto_list_id_uq').on(t.brontoListId),
    uniqueIndex('chapters_send_in_blue_list_id_uq').on(t.sendInBlueListId),
    check('chapters_bronto_list_id_canonical', sql`${t.brontoListId} ~ '^[1-9][0-9]{0,9}$'`),
    check(
      'chapters_send_in_blue_list_id_canonical',
      sql`${t.sendInBlueListId} ~ '^[1-9][0-9]{0,9}$'`,
    ),
    check('chapters_reminder_days_before', sql`${t.reminderDaysBefore} between 0 and 14`),
    check('chapters_reminder_hour', sql`${t.reminderHour} between 0 and 23`),
    check('chapters_rsvp_reminder_hours', sql`${t.rsvpReminderHours} between 0 and 72`),
    check('chapters_host_digest_hours', sql`${t.hostDigestHours} between 0 and 72`),
    index('chapters_state_status_idx').on(t.state, t.status),
    index('chapters_status_idx').on(t.status),
    index('chapters_type_idx').on(t.chapterTypeId),
  ],
);
export type ChapterRow = typeof chapters.$inferSelect;
export type NewChapterRow = typeof chapters.$inferInsert;

/** A role held by a user: admin is global (no chapter); the others are per chapter. */
export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // NULLS NOT DISTINCT: the global admin role (no chapter) is held at most once too.
    unique('permissions_user_role_chapter_uq')
      .on(t.userId, t.roleId, t.chapterId)
      .nullsNotDistinct(),
    index('permissions_chapter_idx').on(t.chapterId),
    index('permissions_user_idx').on(t.userId),
    check(
      'permissions_admin_is_global',
      sql`(${t.roleId} = 1 and ${t.chapterId} is null) or (${t.roleId} <> 1 and ${t.chapterId} is not null)`,
    ),
  ],
);
export type PermissionRow = typeof permissions.$inferSelect;

export const chapterLinks = pgTable(
  'chapter_links',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('chapter_links_chapter_idx').on(t.chapterId, t.position)],
);
export type ChapterLinkRow = typeof chapterLinks.$inferSelect;

export const chapterNotes = pgTable(
  'chapter_notes',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    adminOnly: boolean('admin_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('chapter_notes_chapter_created_idx').on(t.chapterId, t.createdAt.desc())],
);
export type ChapterNoteRow = typeof chapterNotes.$inferSelect;

/** The unique index behind each list-id field (the indexes above): a save or a new list that
 * takes another chapter's list id is told by these names. */
export const LIST_ID_INDEXES = [
  ['chapters_bronto_list_id_uq', 'brontoListId'],
  ['chapters_send_in_blue_list_id_uq', 'sendInBlueListId'],
] as const;
