import { zodResolver } from '@hookform/resolvers/zod';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { formatMediumDate } from '../../../../common/format';
import type { UserListItem } from '../../../../common/schemas/users';
import { userSearchRequestSchema } from '../../../../common/schemas/userSearch';
import { InlineRetry } from '../../../components/InlineRetry';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { USER_LIST_MAX, useUserCount, useUserList } from './usersQuery';

type SearchForm = z.input<typeof userSearchRequestSchema>;

/**
 * /admin/users (spec 2 §2): how many users there are, the newest USER_LIST_MAX of them, and a
 * search by name or email. The search is in the address (?q=), so Back returns to it.
 */
export function UsersScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const count = useUserCount();
  const list = useUserList(search);
  const { register, handleSubmit, formState, reset } = useForm<
    SearchForm,
    unknown,
    z.output<typeof userSearchRequestSchema>
  >({ resolver: zodResolver(userSearchRequestSchema), defaultValues: { search } });
  const onSubmit = handleSubmit((values) => setParams({ q: values.search }));

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
      <Form noValidate onSubmit={(e) => void onSubmit(e)} role="search" className="mb-3">
        <Form.Label htmlFor="users-search">Search by name or email</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id="users-search"
            type="search"
            autoComplete="off"
            {...register('search')}
            isInvalid={!!formState.errors.search}
          />
          <Button type="submit" variant="primary">
            Search
          </Button>
          {search && (
            <Button
              variant="outline-secondary"
              onClick={() => {
                reset({ search: '' });
                setParams({});
              }}
            >
              Clear
            </Button>
          )}
          <Form.Control.Feedback type="invalid">
            {formState.errors.search?.message}
          </Form.Control.Feedback>
        </InputGroup>
      </Form>
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
