import { useQuery } from '@tanstack/react-query';
import { pressMentionListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const chapterPressKey = (chapterId: number) => ['chapter-press', chapterId] as const;

/** All of the chapter's mentions, hidden ones too. */
export function useChapterMentions(chapterId: number) {
  return useQuery({
    queryKey: chapterPressKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/press_mention/chapter/${chapterId}/all`,
        !import.meta.env?.PROD && pressMentionListSchema,
      ),
  });
}
