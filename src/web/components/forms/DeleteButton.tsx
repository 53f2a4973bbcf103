import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { resultSchema } from '../../answerSchemas';
import { apiSend } from '../../api';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorMessage } from './errorMessage';

interface Props {
  /** The button's words. */
  label: string;
  variant: 'danger' | 'outline-danger';
  /** The question the dialog asks, and the words on its button that deletes. */
  title: string;
  confirmLabel: string;
  /** What the dialog says will happen. */
  children: ReactNode;
  /** The API path whose DELETE deletes it. */
  path: string;
  /** Once deleted, with the dialog closed: the caches, a toast, away from the screen. */
  onRemoved: () => Promise<void>;
  /** What a failed delete says when the server gave no words of its own. */
  fallback: string;
}

/**
 * An editor's Delete, asked again in a dialog (nothing is deleted on one click); a failure shows
 * in the dialog, which stays open to try again or cancel.
 */
export function DeleteButton({
  label,
  variant,
  title,
  confirmLabel,
  children,
  path,
  onRemoved,
  fallback,
}: Props) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onConfirm = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      await apiSend('DELETE', path, undefined, !import.meta.env?.PROD && resultSchema);
      setConfirming(false);
      await onRemoved();
    } catch (err) {
      setFailure(errorMessage(err, fallback));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Button
        variant={variant}
        className="ms-auto"
        onClick={() => {
          setFailure(null);
          setConfirming(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        show={confirming}
        title={title}
        confirmLabel={confirmLabel}
        busy={deleting}
        error={failure}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
