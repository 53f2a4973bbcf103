import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ROLE } from '../../../../common/constants';
import { isAdmin } from '../../../../common/policy';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { QueryState } from '../../../components/QueryState';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { chapterPermissionsKey, useChapterPermissions } from './hostsQuery';
import { PermissionList } from './PermissionList';
import { UserSearch } from './UserSearch';

/**
 * Spec 2 §2 Chapter Hosts: who runs the chapter. Admins may also remove anyone and add hosts and
 * field organizers found by a user search.
 */
export function HostsScreen() {
  const { chapter } = useAdminChapter();
  const { user } = useCurrentUser();
  const admin = isAdmin(user);
  const query = useChapterPermissions(chapter.id);
  const queryClient = useQueryClient();
  const refreshChapter = useRefreshChapter();
  // The chapter answer carries its hosts too (the public page names them).
  const afterChange = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: chapterPermissionsKey(chapter.id) });
    await refreshChapter();
  }, [queryClient, chapter.id, refreshChapter]);

  return (
    <section aria-labelledby="hosts-title">
      <h1 id="hosts-title" className="h2">
        Chapter Hosts
      </h1>
      <QueryState query={query} what="chapter hosts">
        {(permissions) => (
          <>
            <PermissionList
              title="Hosts"
              permissions={permissions.filter((p) => p.roleId === ROLE.chapterHost)}
              isAdmin={admin}
              onChange={afterChange}
            />
            <PermissionList
              title="Field Organizers"
              permissions={permissions.filter((p) => p.roleId === ROLE.fieldOrganizer)}
              isAdmin={admin}
              onChange={afterChange}
            />
            {admin && <UserSearch permissions={permissions} onChange={afterChange} />}
          </>
        )}
      </QueryState>
    </section>
  );
}
