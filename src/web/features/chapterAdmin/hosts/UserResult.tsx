import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ROLE, ROLES } from '../../../../common/constants';
import { chapterPermissionSchema } from '../../../answerSchemas';
import type { UserListItem } from '../../../../common/schemas/permissions';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { useAdminChapter } from '../useAdminChapter';

const GRANTS = [
  { roleId: ROLE.chapterHost, label: 'Make Chapter Host' },
  { roleId: ROLE.fieldOrganizer, label: 'Make Field Organizer' },
] as const;
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
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const grant = async (roleId: (typeof GRANTS)[number]['roleId']) => {
    setBusy(true);
    setFailure(null);
    try {
      const saved = await apiSend(
        'POST',
        `/api/permission/${chapter.id}`,
        { userId: user.id, roleId },
        !import.meta.env?.PROD && chapterPermissionSchema,
      );
      await onChange();
      toast.show({
        type: 'success',
        title: 'Added',
        message: `${user.name} is now a ${saved.role.name} of ${chapter.displayTitle}.`,
      });
    } catch (err) {
      setFailure(errorMessage(err, 'The role could not be given. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

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
              onClick={() => void grant(g.roleId)}
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
