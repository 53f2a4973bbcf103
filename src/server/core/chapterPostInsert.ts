// A new chapter post's row: written by Send Email (its "also post it" box) and by the chapter
// admin's Posts screen, named alike in both.
import { randomBytes } from 'node:crypto';
import { chapterBlogPosts } from '../db/schema';
import type { ChapterBlogPostRow, NewChapterBlogPostRow } from '../db/schema';
import { slugify } from './slugify';
import type { DbOrTx } from './database';

/** Inserts the post under a slug of its title with a random tail (retried on the rare clash). */
export async function insertChapterPost(
  tx: DbOrTx,
  values: Omit<NewChapterBlogPostRow, 'slug'>,
): Promise<ChapterBlogPostRow> {
  const base = slugify(values.title) || 'post';
  for (let i = 0; i < 5; i++) {
    const slug = `${base}-${randomBytes(3).toString('hex')}`;
    const [row] = await tx
      .insert(chapterBlogPosts)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: chapterBlogPosts.slug })
      .returning();
    if (row) return row;
  }
  throw new Error('could not find a free chapter post slug');
}
