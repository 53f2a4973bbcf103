import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ROLES } from '../../../../common/constants';
import type { UserListItem } from '../../../../common/schemas/permissions';
import {
  CHAPTER_ROLE_GRANTS as GRANTS,
  useGrantChapterRole,
} from '../../../hooks/useGrantChapterRole';
import { useAdminChapter } from '../useAdminChapter';

const ROLE_NAME = new Map<number, string>(ROLES.map((r) => [r.id, r.name]));

/** A found user, with a button for each chapter role they do not hold yet. */
export function UserResult({
  user,
  roles,
  onChange,
}: {
  user: UserListItem;
  /** The roles they already hold in this chapter. */
  roles: readonly number[];
  onChange: () => Promise<void>;
}) {
  const { chapter } = useAdminChapter();
  const { grant, busy, failure } = useGrantChapterRole(onChange);

  return (
    <li className="list-group-item px-2 px-sm-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto text-break">
          <span className="fw-semibold">{user.name}</span>{' '}
          <span className="text-body-secondary">{user.email}</span>
          {roles.map((id) => (
            <Badge key={id} bg="secondary" className="ms-2">
              {ROLE_NAME.get(id)}
            </Badge>
          ))}
        </div>
        <div className="d-flex flex-wrap gap-1">
          {GRANTS.filter((g) => !roles.includes(g.roleId)).map((g) => (
            <Button
              key={g.roleId}
              size="sm"
              variant="outline-primary"
              disabled={busy}
              aria-label={`${g.label}: ${user.name}`}
              onClick={() => void grant(user, chapter, g.roleId)}
            >
              {g.label}
            </Button>
          ))}
        </div>
      </div>
      {failure && (
        <p className="text-danger small mb-0 mt-1" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}
