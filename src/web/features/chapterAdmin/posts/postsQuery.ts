import { useQuery } from '@tanstack/react-query';
import { chapterPostListSchema, chapterPostSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const chapterPostsKey = (chapterId: number) => ['chapter-posts', chapterId] as const;
export const chapterPostKey = (slug: string) => ['chapter-post', slug] as const;

/** Every post of the chapter, newest first, as its page shows them. */
export function useChapterPosts(chapterId: number) {
  return useQuery({
    queryKey: chapterPostsKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/chapter_blog_post/${chapterId}`,
        !import.meta.env?.PROD && chapterPostListSchema,
      ),
  });
}

export function useChapterPost(slug: string) {
  return useQuery({
    queryKey: chapterPostKey(slug),
    queryFn: () =>
      apiGet(
        `/api/chapter_blog_post/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && chapterPostSchema,
      ),
  });
}
