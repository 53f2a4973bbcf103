// What the network and its chapters publish: chapter posts, press, the blog, pages and the wiki.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { chapters } from './chapters';

export const chapterBlogPosts = pgTable(
  'chapter_blog_posts',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chapter_blog_posts_slug_uq').on(t.slug),
    // Serves both a chapter's posts by page and its 'Last Active' date.
    index('chapter_blog_posts_chapter_created_idx').on(t.chapterId, t.createdAt.desc()),
  ],
);
export type ChapterBlogPostRow = typeof chapterBlogPosts.$inferSelect;
export type NewChapterBlogPostRow = typeof chapterBlogPosts.$inferInsert;

/** Press about the network (no chapter) or about one chapter. */
export const pressMentions = pgTable(
  'press_mentions',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    notes: text('notes').notNull().default(''),
    slug: text('slug').notNull(),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('press_mentions_slug_uq').on(t.slug),
    index('press_mentions_chapter_idx').on(t.chapterId),
    index('press_mentions_visible_created_idx').on(t.isVisible, t.createdAt.desc()),
  ],
);
export type PressMentionRow = typeof pressMentions.$inferSelect;

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_uq').on(t.slug),
    index('blog_posts_public_created_idx').on(t.isPublic, t.createdAt.desc()),
  ],
);
export type BlogPostRow = typeof blogPosts.$inferSelect;

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_slug_uq').on(t.slug)],
);
export type PageRow = typeof pages.$inferSelect;

export const wikiPages = pgTable(
  'wiki_pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    isEditable: boolean('is_editable').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wiki_pages_slug_uq').on(t.slug), index('wiki_pages_title_idx').on(t.title)],
);
export type WikiPageRow = typeof wikiPages.$inferSelect;
