// Blog posts, pages and wiki pages for reading. Non-public ones exist only for admins: anyone
// else gets the same 404 as for a slug that was never used.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, pages, users, wikiPages } from '../../db/schema';
import type { BlogPostRow, PageRow } from '../../db/schema';
import { canSeeContent } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import {
  BLOG_PAGE_SIZE,
  type BlogPost,
  type BlogPostPage,
  type Page,
  type WikiPage,
} from '../../../common/schemas/content';
import { HttpError } from '../../core/httpError';
import { sanitizeRichText } from '../../core/sanitize';

function toPost(row: BlogPostRow, authorName: string | null): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    body: sanitizeRichText(row.body),
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    user: authorName === null ? null : { name: authorName },
  };
}

function toPage(row: PageRow): Page {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    body: sanitizeRichText(row.body),
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function visibleOr404<T extends { isPublic: boolean }>(user: User | null, row: T | undefined): T {
  if (!row || !canSeeContent(user, row)) throw new HttpError(404, 'Not found.');
  return row;
}

/** Public posts, newest first, BLOG_PAGE_SIZE at a time; page 0 is the newest. */
export async function listPublicBlogPosts(db: Db, page: number): Promise<BlogPostPage> {
  // One row more than a page tells whether there is a next page without counting.
  const rows = await db
    .select({ post: blogPosts, authorName: users.name })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.userId))
    .where(eq(blogPosts.isPublic, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(BLOG_PAGE_SIZE + 1)
    .offset(page * BLOG_PAGE_SIZE);
  return {
    posts: rows.slice(0, BLOG_PAGE_SIZE).map((r) => toPost(r.post, r.authorName)),
    hasMore: rows.length > BLOG_PAGE_SIZE,
  };
}

export async function getBlogPost(db: Db, user: User | null, slug: string): Promise<BlogPost> {
  const [row] = await db
    .select({ post: blogPosts, authorName: users.name })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.userId))
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  const post = visibleOr404(user, row?.post);
  return toPost(post, row?.authorName ?? null);
}

export async function getPage(db: Db, user: User | null, slug: string): Promise<Page> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return toPage(visibleOr404(user, row));
}

export async function getWikiPage(db: Db, user: User | null, slug: string): Promise<WikiPage> {
  const [row] = await db.select().from(wikiPages).where(eq(wikiPages.slug, slug)).limit(1);
  const found = visibleOr404(user, row);
  return { ...toPage(found), isEditable: found.isEditable };
}
