import { useQuery } from '@tanstack/react-query';
import { dashboardChapterSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

/**
 * The chapter's figures and health as the server defines them (docs/decisions/22-chapter-
 * figures.md): the same answer as its row of the admins' health table.
 */
export function useChapterFigures(chapterId: number) {
  return useQuery({
    queryKey: ['chapter-figures', chapterId],
    queryFn: () =>
      apiGet(`/api/chapter/${chapterId}/figures`, !import.meta.env?.PROD && dashboardChapterSchema),
  });
}
