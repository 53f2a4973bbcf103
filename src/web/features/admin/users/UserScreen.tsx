import Badge from 'react-bootstrap/Badge';
import { Link, useParams } from 'react-router';
import { ROLE } from '../../../../common/constants';
import { formatMediumDate } from '../../../../common/format';
import type { UserChapterRole, UserDetail } from '../../../../common/schemas/users';
import { QueryState } from '../../../components/QueryState';
import { UserNotes } from '../userNotes/UserNotes';
import { GrantChapterRole } from './GrantChapterRole';
import { UserApplications } from './UserApplications';
import { useUserDetail } from './usersQuery';

/** /admin/users/{userId} (spec 2 §2): who they are, their chapters, applications and notes. */
export function UserScreen() {
  const { userId = '' } = useParams();
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id < 1) {
    return (
      <section className="py-4">
        <h1 className="h2">Not found</h1>
        <p>There is no such user.</p>
      </section>
    );
  }
  return <UserById id={id} />;
}

function UserById({ id }: { id: number }) {
  const query = useUserDetail(id);
  return (
    <QueryState query={query} what="user">
      {(user) => <UserDetails user={user} />}
    </QueryState>
  );
}

function UserDetails({ user }: { user: UserDetail }) {
  const hosted = user.chapterRoles.filter((r) => r.roleId === ROLE.chapterHost);
  const organized = user.chapterRoles.filter((r) => r.roleId === ROLE.fieldOrganizer);
  return (
    <section aria-labelledby="user-title">
      <Link to="/admin/users" className="d-inline-block mb-2">
        ‹ All Users
      </Link>
      <div className="card card-body mb-4">
        <h1 id="user-title" className="h2 text-break">
          {user.name} {user.isAdmin && <Badge bg="danger">Admin</Badge>}
        </h1>
        <dl className="row mb-0">
          <dt className="col-sm-3">Email</dt>
          <dd className="col-sm-9 text-break">
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </dd>
          <dt className="col-sm-3">Joined</dt>
          <dd className="col-sm-9 mb-0">
            <time dateTime={user.createdAt}>{formatMediumDate(user.createdAt)}</time>
          </dd>
        </dl>
      </div>
      <div className="row g-3">
        <div className="col-lg-6">
          <RoleList title="Chapter Host of" roles={hosted} />
        </div>
        <div className="col-lg-6">
          <RoleList title="Field Organizer of" roles={organized} />
        </div>
      </div>
      <GrantChapterRole user={user} />
      <UserApplications userId={user.id} />
      <UserNotes userId={user.id} name={user.name} />
    </section>
  );
}

function RoleList({ title, roles }: { title: string; roles: readonly UserChapterRole[] }) {
  return (
    <section className="card h-100" aria-label={title}>
      <div className="card-header">
        <h2 className="h5 mb-0">{title}</h2>
      </div>
      {roles.length === 0 ? (
        <p className="card-body mb-0">None</p>
      ) : (
        <ul className="list-group list-group-flush">
          {roles.map((r) => {
            const path = `/chapter/${r.chapter.state.toLowerCase()}/${r.chapter.slug}`;
            return (
              <li key={r.id} className="list-group-item d-flex flex-wrap gap-2">
                <div className="me-auto">
                  <Link to={path}>{r.chapter.displayTitle}</Link>{' '}
                  {r.chapter.status !== 1 && <Badge bg="secondary">Hidden</Badge>}
                  <div className="small text-body-secondary">
                    Since <time dateTime={r.createdAt}>{formatMediumDate(r.createdAt)}</time>
                  </div>
                </div>
                <Link to={`${path}/admin/hosts`} className="small align-self-center">
                  Chapter hosts
                  <span className="visually-hidden"> of {r.chapter.displayTitle}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
