import { useQuery } from '@tanstack/react-query';
import { userListSchema } from '../answerSchemas';
import { apiSend } from '../api';

/** POST /api/user/search: the users whose name or email holds `search` (admins only). */
export const searchUsers = (search: string) =>
  apiSend('POST', '/api/user/search', { search }, !import.meta.env?.PROD && userListSchema);

/** The users matching `search`; nothing is asked until there is a search (null before). */
export function useUserSearch(search: string | null) {
  return useQuery({
    queryKey: ['user-search', search],
    queryFn: () => searchUsers(search ?? ''),
    enabled: search !== null,
  });
}
