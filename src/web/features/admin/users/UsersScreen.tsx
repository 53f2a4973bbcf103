import Badge from 'react-bootstrap/Badge';
import { Link, useSearchParams } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import type { UserListItem } from '../../../../common/schemas/users';
import { InlineRetry } from '../../../components/InlineRetry';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { UserSearchForm } from '../../../components/UserSearchForm';
import { USER_LIST_MAX, useUserCount, useUserList } from './usersQuery';

/**
 * /admin/users (spec 2 §2): how many users there are, the newest USER_LIST_MAX of them, and a
 * search by name or email. The search is in the address (?q=), so Back returns to it.
 */
export function UsersScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const count = useUserCount();
  const list = useUserList(search);

  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="h2">
        Users
      </h1>
      <p className="lead" aria-live="polite">
        {count.isPending && 'Counting users...'}
        {count.isError && <InlineRetry what="user count" onRetry={() => void count.refetch()} />}
        {count.data && `${count.data.count.toLocaleString('en-US')} users`}
      </p>
      <UserSearchForm
        id="users-search"
        label="Search by name or email"
        initial={search}
        onSearch={(q) => setParams({ q })}
        onClear={search ? () => setParams({}) : undefined}
      />
      {list.isPending && <PageSpinner label="Loading users..." />}
      {list.isError && <LoadFailedAlert what="users" onRetry={() => void list.refetch()} />}
      {list.data && <UserList users={list.data} search={search} />}
    </section>
  );
}

function UserList({ users, search }: { users: readonly UserListItem[]; search: string }) {
  if (users.length === 0) {
    return (
      <div className="card card-body">
        <p className="mb-0">{search ? `No users match “${search}”.` : 'No users yet.'}</p>
      </div>
    );
  }
  return (
    <>
      <p className="text-body-secondary small" aria-live="polite">
        {search ? `${users.length} matching “${search}”` : `The newest ${users.length}`}
        {users.length >= USER_LIST_MAX && ` (at most ${USER_LIST_MAX} are shown)`}
      </p>
      <ul className="list-group mb-3">
        {users.map((u) => (
          <li key={u.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <div className="me-auto text-break">
              <Link to={`/admin/users/${u.id}`} className="fw-semibold">
                {u.name}
              </Link>{' '}
              {u.isAdmin && <Badge bg="danger">Admin</Badge>}{' '}
              {u.isChapterHost && (
                <Badge bg="primary" className="me-1">
                  Chapter Host
                </Badge>
              )}
              {u.isFieldOrganizer && <Badge bg="success">Field Organizer</Badge>}
              <div className="small text-body-secondary">{u.email}</div>
            </div>
            <span className="small text-body-secondary">
              Joined <time dateTime={u.createdAt}>{formatMediumDate(u.createdAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
