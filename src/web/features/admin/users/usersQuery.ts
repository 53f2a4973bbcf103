import { useQuery } from '@tanstack/react-query';
import { userCountSchema, userDetailSchema, userListSchema } from '../../../answerSchemas';
import { USER_LIST_MAX } from '../../../../common/schemas/userSearch';
import { ApiError, apiGet } from '../../../api';
import { searchUsers } from '../../../hooks/useUserSearch';

export { USER_LIST_MAX };
export const userKey = (id: number) => ['admin-user', id] as const;

export function useUserCount() {
  return useQuery({
    queryKey: ['admin-users', 'count'],
    queryFn: () => apiGet('/api/user/count', !import.meta.env?.PROD && userCountSchema),
  });
}

/** The newest users (at most USER_LIST_MAX), or those matching `search` when there is one. */
export function useUserList(search: string) {
  return useQuery({
    queryKey: ['admin-users', 'list', search],
    queryFn: () =>
      search
        ? searchUsers(search)
        : apiGet('/api/user/all', !import.meta.env?.PROD && userListSchema),
    placeholderData: (previous) => previous,
  });
}

export function useUserDetail(id: number) {
  return useQuery({
    queryKey: userKey(id),
    queryFn: () => apiGet(`/api/user/user/${id}`, !import.meta.env?.PROD && userDetailSchema),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}
