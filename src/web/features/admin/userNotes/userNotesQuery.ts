import { useQuery } from '@tanstack/react-query';
import { userNoteListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const userNotesKey = (userId: number) => ['user-notes', userId] as const;

/** Notes admins keep about one user, newest first. */
export function useUserNotes(userId: number) {
  return useQuery({
    queryKey: userNotesKey(userId),
    queryFn: () =>
      apiGet(`/api/user_note/user/${userId}`, !import.meta.env?.PROD && userNoteListSchema),
  });
}
