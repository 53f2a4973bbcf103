// The chapter admin's Posts (issue 35): a chapter's own posts, written without emailing anyone.
// The answer is chapterPostSchema (chapters.ts), as the reads give it.
import { z } from 'zod';
import { dbId } from './ids';

export const CHAPTER_POST_LIMITS = {
  titleMax: 300,
  /** Characters of a post's body (HTML): a long letter with some formatting. */
  bodyMax: 200_000,
} as const;

/** POST /api/chapter_blog_post: a new post (no id) or the changes to one (its id). */
export const chapterPostSaveSchema = z.object({
  id: dbId.optional(),
  chapterId: dbId,
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(CHAPTER_POST_LIMITS.titleMax, `At most ${CHAPTER_POST_LIMITS.titleMax} characters`),
  body: z
    .string()
    .min(1, 'The post is empty')
    .max(CHAPTER_POST_LIMITS.bodyMax, `At most ${CHAPTER_POST_LIMITS.bodyMax} characters`),
});
export type ChapterPostSave = z.infer<typeof chapterPostSaveSchema>;
