// Network content as the API answers it: blog posts, pages and wiki pages (spec 1 §3, spec 2 §3).
// Bodies are HTML, sanitized on save and again on every answer.
import { z } from 'zod';
import { contentSlugSchema } from './contentEditor';
import { dbId } from './ids';

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  /** The author, by name only (an author's email is not public); null once the user is gone. */
  user: z.object({ name: z.string() }).nullable(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

/** GET /api/blog_post/public/{page}: newest first, BLOG_PAGE_SIZE per page, page from 0. */
export const blogPostPageSchema = z.object({
  posts: z.array(blogPostSchema),
  hasMore: z.boolean(),
});
export type BlogPostPage = z.infer<typeof blogPostPageSchema>;
export const BLOG_PAGE_SIZE = 5;

export const pageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const wikiPageSchema = pageSchema.extend({ isEditable: z.boolean() });
export type WikiPage = z.infer<typeof wikiPageSchema>;

export const slugParamsSchema = z.object({ slug: z.string().min(1).max(300) });

// ---------------------------------------------------------------- admin lists and saves (spec 2)

// What the editor checks in the browser lives in contentEditor.ts, apart from the answers.
export {
  CONTENT_SLUG_PATTERN,
  WIKI_NOT_EDITABLE_MESSAGE,
  contentSlugSchema,
} from './contentEditor';

/**
 * GET /api/blog_post, /api/page, /api/wiki_page: every one for admins, the public ones for
 * anyone else. Without bodies (a list never shows them): blog posts newest first, pages and wiki
 * pages by title.
 */
export const blogPostListItemSchema = blogPostSchema.omit({ body: true });
export type BlogPostListItem = z.infer<typeof blogPostListItemSchema>;
export const pageListItemSchema = pageSchema.omit({ body: true });
export type PageListItem = z.infer<typeof pageListItemSchema>;
export const wikiPageListItemSchema = wikiPageSchema.omit({ body: true });
export type WikiPageListItem = z.infer<typeof wikiPageListItemSchema>;

/**
 * POST /api/blog_post, /api/page, /api/wiki_page (admins): without `id` it creates, with the
 * `id` of an existing one it edits that one (404 if there is none). A field left out keeps its
 * value on an edit and takes its default on a create. `slug` left out of a create is made from
 * the title; a slug another of the same kind uses is a 409 naming body.slug. Bodies are
 * sanitized and non-breaking spaces become spaces. Each answers the saved item.
 */
const contentSaveFields = {
  id: dbId.optional(),
  title: z.string().trim().min(1, 'Title is Required').max(300),
  slug: contentSlugSchema.optional(),
  body: z.string().max(1_000_000).optional(),
  isPublic: z.boolean().optional(),
};

export const blogPostSaveSchema = z.object(contentSaveFields);
export type BlogPostSave = z.input<typeof blogPostSaveSchema>;

/** A page's slug is read-only once the page exists: a different one on an edit is a 400. */
export const pageSaveSchema = z.object(contentSaveFields);
export type PageSave = z.input<typeof pageSaveSchema>;

/**
 * `isEditable` is set when the page is made (default true) and cannot be changed here. A page
 * that is not editable keeps its body: any other body is a 403 naming body.body.
 */
export const wikiPageSaveSchema = z.object({
  ...contentSaveFields,
  isEditable: z.boolean().optional(),
});
export type WikiPageSave = z.input<typeof wikiPageSaveSchema>;
