import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import type { ChapterPermission } from '../../../../common/schemas/chapters';
import { resultSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface Props {
  title: string;
  permissions: readonly ChapterPermission[];
  /** Admins only (spec 2 §6): removing a role, and the link to the person's admin page. */
  isAdmin: boolean;
  onChange: () => Promise<void>;
}

/** One role's people: name, email, role and date added; None when there is nobody. */
export function PermissionList({ title, permissions, isAdmin, onChange }: Props) {
  const headingId = useId();
  const toast = useToast();
  // The dialog keeps showing its person while it fades out, so the two are kept apart.
  const [removing, setRemoving] = useState<ChapterPermission | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (permission: ChapterPermission) => {
    setBusy(true);
    setFailure(null);
    try {
      await apiSend(
        'POST',
        '/api/permission/delete',
        { id: permission.id },
        !import.meta.env?.PROD && resultSchema,
      );
      await onChange();
      setConfirming(false);
      toast.show({
        type: 'success',
        title: 'Removed',
        message: `${permission.user.name} is no longer a ${permission.role.name}.`,
      });
    } catch (err) {
      setFailure(errorMessage(err, 'The role could not be removed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h4 mt-3">
        {title}
      </h2>
      {permissions.length === 0 ? (
        <p>None</p>
      ) : (
        <ul className="list-group">
          {permissions.map((p) => (
            <li key={p.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto text-break">
                {isAdmin ? (
                  <Link to={`/admin/users/${p.user.id}`} className="fw-semibold">
                    {p.user.name}
                  </Link>
                ) : (
                  <span className="fw-semibold">{p.user.name}</span>
                )}
                {p.user.email && (
                  <>
                    {' '}
                    <a href={`mailto:${p.user.email}`}>{p.user.email}</a>
                  </>
                )}
                <div className="small text-body-secondary">
                  {p.role.name}, added{' '}
                  <time dateTime={p.createdAt}>{formatMediumDate(p.createdAt)}</time>
                </div>
              </div>
              {isAdmin && (
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Remove ${p.user.name} as ${p.role.name}`}
                  onClick={() => {
                    setFailure(null);
                    setRemoving(p);
                    setConfirming(true);
                  }}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={confirming}
        title={`Remove ${removing?.role.name ?? ''}?`}
        confirmLabel="Remove"
        busy={busy}
        error={failure}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">
          {removing?.user.name} will no longer be a {removing?.role.name} of this chapter.
        </p>
      </ConfirmDialog>
    </section>
  );
}
