import { useState } from 'react';
import type { ChapterPermission } from '../../../../common/schemas/chapters';
import { InlineRetry } from '../../../components/InlineRetry';
import { UserSearchForm } from '../../../components/UserSearchForm';
import { useUserSearch } from '../../../hooks/useUserSearch';
import { UserResult } from './UserResult';

/** Admins find a user by name or email (at least 2 characters) to give them a chapter role. */
export function UserSearch({
  permissions,
  onChange,
}: {
  permissions: readonly ChapterPermission[];
  onChange: () => Promise<void>;
}) {
  const [search, setSearch] = useState<string | null>(null);
  const query = useUserSearch(search);

  return (
    <section aria-labelledby="add-host-title" className="border-top pt-3 mt-4">
      <h2 id="add-host-title" className="h4">
        Add a Host or Field Organizer
      </h2>
      <UserSearchForm id="user-search" label="Search users by name or email" onSearch={setSearch} />
      {search !== null && (
        <div aria-live="polite">
          {query.isPending && <p role="status">Searching...</p>}
          {query.isError && <InlineRetry what="users" onRetry={() => void query.refetch()} />}
          {query.data?.length === 0 && <p>No users found.</p>}
          {query.data && query.data.length > 0 && (
            <ul className="list-group">
              {query.data.map((u) => (
                <UserResult
                  key={u.id}
                  user={u}
                  roles={permissions.filter((p) => p.user.id === u.id).map((p) => p.roleId)}
                  onChange={onChange}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
