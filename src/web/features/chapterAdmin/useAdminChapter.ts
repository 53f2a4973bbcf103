// The chapter the admin area is about, loaded once by ChapterAdminLayout and handed to every
// sub-screen through the router's outlet context.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useOutletContext } from 'react-router';
import type { Chapter } from '../../../common/schemas/chapters';

export interface AdminChapterContext {
  chapter: Chapter;
  /** '/chapter/{state}/{slug}/admin' */
  base: string;
  /** '/chapter/{state}/{slug}': the public page. */
  publicPath: string;
}

export function useAdminChapter(): AdminChapterContext {
  return useOutletContext<AdminChapterContext>();
}

export const adminChapterKey = (slug: string) => ['chapter', 'admin', slug] as const;

/**
 * After a save that changes what the chapter answer holds (settings, events, hosts...): put the
 * saved chapter in place, or refetch it, and let the public pages refetch theirs.
 */
export function useRefreshChapter(): (saved?: Chapter) => Promise<void> {
  const queryClient = useQueryClient();
  const { chapter } = useAdminChapter();
  return useCallback(
    async (saved?: Chapter) => {
      if (saved) queryClient.setQueryData(adminChapterKey(saved.slug), saved);
      // A new slug: the old address answers 404 now. Asking it again would show this area's
      // 'no such chapter' for a moment and lose the screen's 'Saved'; the screen moves to the
      // new address instead.
      const moved = saved !== undefined && saved.slug !== chapter.slug;
      await queryClient.invalidateQueries({
        queryKey: ['chapter'],
        predicate: (query) => !(moved && query.queryKey.includes(chapter.slug)),
      });
      if (!moved) await queryClient.invalidateQueries({ queryKey: adminChapterKey(chapter.slug) });
    },
    [queryClient, chapter.slug],
  );
}
