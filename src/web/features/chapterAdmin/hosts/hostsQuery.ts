import { useQuery } from '@tanstack/react-query';
import { chapterPermissionListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const chapterPermissionsKey = (chapterId: number) =>
  ['chapter-permissions', chapterId] as const;

/** The chapter's hosts (role 3) then field organizers (role 2), each by name. */
export function useChapterPermissions(chapterId: number) {
  return useQuery({
    queryKey: chapterPermissionsKey(chapterId),
    queryFn: () =>
      apiGet(`/api/permission/${chapterId}`, !import.meta.env?.PROD && chapterPermissionListSchema),
  });
}
