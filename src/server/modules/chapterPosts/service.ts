// A chapter's posts for reading, newest first, by page. Authors appear by name only.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { chapterBlogPosts, users } from '../../db/schema';
import type { ChapterBlogPostRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import {
  CHAPTER_POST_PAGE_SIZE,
  type ChapterPost,
  type ChapterPostPage,
} from '../../../common/schemas/chapters';
import { HttpError } from '../../core/httpError';

/** A chapter that writes weekly for ten years has about 500 posts. */
const MAX_POSTS = 1000;
import { sanitizeRichText } from '../../core/sanitize';
import { visibleChapterOr404 } from '../../core/visibility';

export function toPost(post: ChapterBlogPostRow, authorName: string | null): ChapterPost {
  return {
    id: post.id,
    chapterId: post.chapterId,
    title: post.title,
    slug: post.slug,
    body: sanitizeRichText(post.body),
    createdAt: post.createdAt.toISOString(),
    user: authorName === null ? null : { name: authorName },
  };
}

function selectPosts(db: Db) {
  return db
    .select({ post: chapterBlogPosts, authorName: users.name, authorId: users.id })
    .from(chapterBlogPosts)
    .leftJoin(users, eq(users.id, chapterBlogPosts.userId));
}

/** GET /api/chapter_blog_post/{chapterId}: every post of a chapter, newest first. */
export async function listAllChapterPosts(
  db: Db,
  user: User | null,
  chapterId: number,
): Promise<ChapterPost[]> {
  await visibleChapterOr404(db, user, chapterId);
  const rows = await selectPosts(db)
    .where(eq(chapterBlogPosts.chapterId, chapterId))
    .orderBy(desc(chapterBlogPosts.createdAt), desc(chapterBlogPosts.id))
    .limit(MAX_POSTS);
  return rows.map((r) => toPost(r.post, r.authorName));
}

/** GET /api/chapter_blog_post/slug/{slug}: one post of a chapter the caller may see. */
export async function getChapterPost(
  db: Db,
  user: User | null,
  slug: string,
): Promise<ChapterPost> {
  const [row] = await selectPosts(db).where(eq(chapterBlogPosts.slug, slug)).limit(1);
  if (!row) throw new HttpError(404, 'Post not found.');
  await visibleChapterOr404(db, user, row.post.chapterId).catch(() => {
    throw new HttpError(404, 'Post not found.');
  });
  return toPost(row.post, row.authorName);
}

/** A page of a chapter's posts and one more row, which tells whether a next page exists. */
const postsPage = preparedPerDb((db) =>
  selectPosts(db)
    .where(eq(chapterBlogPosts.chapterId, sql.placeholder('chapterId')))
    .orderBy(desc(chapterBlogPosts.createdAt), desc(chapterBlogPosts.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('chapter_posts_page'),
);

/**
 * GET /api/chapter_blog_post/public/{chapterId}/{page}, and the ids of the authors it names
 * (their names are shown, their ids are not: a cached page is forgotten when one changes).
 */
export async function listChapterPosts(
  db: Db,
  user: User | null,
  chapterId: number,
  page: number,
): Promise<{ page: ChapterPostPage; authorIds: number[] }> {
  await visibleChapterOr404(db, user, chapterId);
  const rows = await postsPage(db).execute({
    chapterId,
    limit: CHAPTER_POST_PAGE_SIZE + 1,
    offset: page * CHAPTER_POST_PAGE_SIZE,
  });
  const shown = rows.slice(0, CHAPTER_POST_PAGE_SIZE);
  const authorIds = new Set<number>();
  for (const { authorId } of shown) if (authorId !== null) authorIds.add(authorId);
  return {
    page: {
      posts: shown.map(({ post, authorName }) => toPost(post, authorName)),
      hasMore: rows.length > CHAPTER_POST_PAGE_SIZE,
    },
    authorIds: [...authorIds],
  };
}
