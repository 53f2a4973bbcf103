import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authResponseSchema } from '../answerSchemas';
import type { User } from '../../common/schemas/auth';
import { apiGet } from '../api';
import { serverAccount } from '../serverFrame';
import { readCachedUser, writeCachedUser } from './currentUserStore';

export const currentUserKey = ['auth', 'user'] as const;

async function fetchCurrentUser(): Promise<User | null> {
  let user: User | null;
  try {
    user = (await apiGet('/api/auth/user', !import.meta.env?.PROD && authResponseSchema)).user;
  } catch {
    // Any failure (no such route yet, 401, offline) means we cannot vouch for a user.
    user = null;
  }
  writeCachedUser(user);
  return user;
}

export interface CurrentUserState {
  user: User | null;
  /**
   * True until the server has answered once, when there was nobody to show meanwhile: no cached
   * user, and a page that does not rule a session out.
   */
  isChecking: boolean;
}

/**
 * The user to show before the server has answered: nobody when the page came without a session
 * cookie (a user kept from an ended session would be a false greeting), else the one kept from
 * the last visit, if any.
 */
function userBeforeAnswer(): User | null | undefined {
  if (serverAccount === 'visitor') return null;
  return readCachedUser() ?? undefined;
}

/** The signed-in user, or null. Shows the cached user at once and checks it with the server. */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    initialData: userBeforeAnswer,
    // The cached copy counts as stale so the server is asked at start-up.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { user: query.data ?? null, isChecking: query.isPending };
}

/** For sign-in and sign-out: replace the current user everywhere, cache included. */
export function useSetCurrentUser(): (user: User | null) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User | null) => {
      writeCachedUser(user);
      queryClient.setQueryData(currentUserKey, user);
    },
    [queryClient],
  );
}
