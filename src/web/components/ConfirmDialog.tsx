import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

interface Props {
  show: boolean;
  title: string;
  children: ReactNode;
  /** The words on the button that does it: 'Delete', 'Remove'... */
  confirmLabel: string;
  /** The confirm button's colour: danger unless what it does is harmless to undo. */
  confirmVariant?: 'danger' | 'primary';
  busy?: boolean;
  /** Why the last try failed, shown in the dialog so the user can try again or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. A Bootstrap modal rather than window.confirm so it
 * looks like the site, traps focus, and can show why the action failed. Used by events, press
 * mentions and hosts; it moves to components/ when a feature outside the chapter admin needs it.
 */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: Props) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={busy ? () => undefined : onCancel}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!busy}>
        <Modal.Title as="h2" id={titleId} className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error && (
          <p className="text-danger mb-0 mt-2" role="alert">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {busy && (
            <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
          )}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
