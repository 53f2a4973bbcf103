// Blog posts, pages and wiki pages as admins list and save them (spec 2 §2 /admin/blog, pages,
// wiki and their editors, §5, §7). A save without `id` creates; with the id of an existing one
// it edits it. Slugs are unique per kind (the unique index decides: 409 naming body.slug).
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { blogPosts, pages, users, wikiPages } from '../../db/schema';
import { isAdmin } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import {
  WIKI_NOT_EDITABLE_MESSAGE,
  type BlogPost,
  type BlogPostListItem,
  type Page,
  type PageListItem,
  type WikiPage,
  type WikiPageListItem,
} from '../../../common/schemas/content';
import { fieldError, HttpError } from '../../core/httpError';
import { getBlogPost, getPage, getWikiPage } from './service';
import { sanitizeRichText } from '../../core/sanitize';

export interface ContentSave {
  id?: number | undefined;
  title: string;
  slug?: string | undefined;
  body?: string | undefined;
  isPublic?: boolean | undefined;
}

/** A slug from a title when none is given: lowercase letters, digits and underscores. */
export function contentSlugOf(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80)
      .replace(/_+$/, '') || 'untitled'
  );
}

const notFound = () => new HttpError(404, 'Not found.');
const slugTaken = (what: string) =>
  fieldError(409, 'body.slug', `Another ${what} already uses this slug.`);

/** Runs a write, answering a taken slug (the unique index's refusal) as a 409. */
async function slugChecked<T>(constraint: string, what: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw slugTaken(what);
    throw err;
  }
}

/** The fields of a save that change something: left-out ones keep their value on an edit. */
function changedFields(input: ContentSave) {
  return {
    title: input.title,
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.body !== undefined ? { body: sanitizeRichText(input.body) } : {}),
    ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
  };
}

// ---------------------------------------------------------------- lists

export async function listBlogPosts(db: Db, user: User | null): Promise<BlogPostListItem[]> {
  const rows = await db
    .select({ post: blogPosts, authorName: users.name })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.userId))
    .where(isAdmin(user) ? undefined : eq(blogPosts.isPublic, true))
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(({ post, authorName }) => ({
    id: post.id,
    title: post.title,
    slug: post.slug,
    isPublic: post.isPublic,
    createdAt: post.createdAt.toISOString(),
    user: authorName === null ? null : { name: authorName },
  }));
}

export async function listPages(db: Db, user: User | null): Promise<PageListItem[]> {
  const rows = await db
    .select()
    .from(pages)
    .where(isAdmin(user) ? undefined : eq(pages.isPublic, true))
    .orderBy(asc(pages.title), asc(pages.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listWikiPages(db: Db, user: User | null): Promise<WikiPageListItem[]> {
  const rows = await db
    .select()
    .from(wikiPages)
    .where(isAdmin(user) ? undefined : eq(wikiPages.isPublic, true))
    .orderBy(asc(wikiPages.title), asc(wikiPages.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    isPublic: row.isPublic,
    isEditable: row.isEditable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- saves

export async function saveBlogPost(db: Db, user: User, input: ContentSave): Promise<BlogPost> {
  const values = changedFields(input);
  const row = await slugChecked('blog_posts_slug_uq', 'blog post', async () => {
    if (input.id === undefined) {
      const [created] = await db
        .insert(blogPosts)
        .values({ slug: contentSlugOf(input.title), ...values, userId: user.id })
        .returning();
      return created;
    }
    const [updated] = await db
      .update(blogPosts)
      .set(values)
      .where(eq(blogPosts.id, input.id))
      .returning();
    if (!updated) throw notFound();
    return updated;
  });
  return getBlogPost(db, user, row!.slug);
}

export async function savePage(db: Db, user: User, input: ContentSave): Promise<Page> {
  const values = changedFields(input);
  const row = await slugChecked('pages_slug_uq', 'page', async () => {
    if (input.id === undefined) {
      const [created] = await db
        .insert(pages)
        .values({ slug: contentSlugOf(input.title), ...values })
        .returning();
      return created;
    }
    const [current] = await db.select().from(pages).where(eq(pages.id, input.id));
    if (!current) throw notFound();
    // The page editor shows the slug read-only: pages are linked to by it (/{slug}).
    if (input.slug !== undefined && input.slug !== current.slug) {
      throw fieldError(400, 'body.slug', "A page's slug cannot be changed once it is made.");
    }
    const [updated] = await db
      .update(pages)
      .set(values)
      .where(eq(pages.id, current.id))
      .returning();
    return updated;
  });
  return getPage(db, user, row!.slug);
}

export async function saveWikiPage(
  db: Db,
  user: User,
  input: ContentSave & { isEditable?: boolean | undefined },
): Promise<WikiPage> {
  const values = changedFields(input);
  const row = await slugChecked('wiki_pages_slug_uq', 'wiki page', async () => {
    if (input.id === undefined) {
      const [created] = await db
        .insert(wikiPages)
        .values({
          slug: contentSlugOf(input.title),
          ...values,
          isEditable: input.isEditable ?? true,
        })
        .returning();
      return created;
    }
    const [current] = await db.select().from(wikiPages).where(eq(wikiPages.id, input.id));
    if (!current) throw notFound();
    if (input.isEditable !== undefined && input.isEditable !== current.isEditable) {
      throw fieldError(
        400,
        'body.isEditable',
        'Whether a page is editable is set when it is made.',
      );
    }
    // Not only the screen: the API keeps a non-editable page's body too. The body as GET
    // answered it (sanitized on the way out) is no change.
    if (
      !current.isEditable &&
      values.body !== undefined &&
      values.body !== current.body &&
      values.body !== sanitizeRichText(current.body)
    ) {
      throw fieldError(403, 'body.body', WIKI_NOT_EDITABLE_MESSAGE);
    }
    const { body: _kept, ...rest } = values;
    const [updated] = await db
      .update(wikiPages)
      .set(current.isEditable ? values : rest)
      .where(eq(wikiPages.id, current.id))
      .returning();
    return updated;
  });
  return getWikiPage(db, user, row!.slug);
}
