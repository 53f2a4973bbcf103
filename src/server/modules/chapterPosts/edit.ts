// A chapter's posts as its hosts, field organizers and admins write them (issue 35: Posts in the
// chapter admin): new, changed, deleted. Emailing a post to the list is Send Email's own call
// (POST /api/mailing_list/send_message), which the screen makes when its box is ticked.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterBlogPosts, users } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterPost } from '../../../common/schemas/chapters';
import type { ChapterPostSave } from '../../../common/schemas/chapterPosts';
import { requireChapterHostAccess } from '../../core/access';
import { insertChapterPost } from '../../core/chapterPostInsert';
import { fieldError, HttpError } from '../../core/httpError';
import { isBlankRichText, sanitizeRichText } from '../../core/sanitize';
import { toPost } from './service';

const notFound = () => new HttpError(404, 'Post not found.');

async function authorName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/**
 * POST /api/chapter_blog_post. A new post is the caller's; a changed one keeps its author, its
 * slug (its address) and its date. The body is kept sanitized, as the email's is.
 */
export async function saveChapterPost(
  db: Db,
  user: User,
  input: ChapterPostSave,
): Promise<ChapterPost> {
  await requireChapterHostAccess(db, user, input.chapterId);
  const body = sanitizeRichText(input.body);
  if (isBlankRichText(body)) throw fieldError(400, 'body.body', 'The post is empty');
  if (input.id === undefined) {
    const row = await insertChapterPost(db, {
      chapterId: input.chapterId,
      userId: user.id,
      title: input.title,
      body,
    });
    return toPost(row, user.name);
  }
  const [before] = await db
    .select()
    .from(chapterBlogPosts)
    .where(eq(chapterBlogPosts.id, input.id))
    .limit(1);
  // Another chapter's post is not this chapter's to change: as if there were none.
  if (!before || before.chapterId !== input.chapterId) throw notFound();
  const [row] = await db
    .update(chapterBlogPosts)
    .set({ title: input.title, body })
    .where(eq(chapterBlogPosts.id, input.id))
    .returning();
  if (!row) throw notFound();
  return toPost(row, await authorName(db, row.userId));
}

/** DELETE /api/chapter_blog_post/slug/{slug}: the chapter it was in, to forget its pages. */
export async function deleteChapterPost(db: Db, user: User, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: chapterBlogPosts.id, chapterId: chapterBlogPosts.chapterId })
    .from(chapterBlogPosts)
    .where(eq(chapterBlogPosts.slug, slug))
    .limit(1);
  if (!row) throw notFound();
  await requireChapterHostAccess(db, user, row.chapterId);
  await db.delete(chapterBlogPosts).where(eq(chapterBlogPosts.id, row.id));
  return row.chapterId;
}
