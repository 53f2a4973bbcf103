// Network content as the API answers it: blog posts, pages and wiki pages (spec 1 §3, spec 2 §3).
// Bodies are HTML, sanitized on save and again on every answer.
import { z } from 'zod';

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
