import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** A submit button that shows a spinner and stays disabled while its form is busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" disabled={busy}>
      {busy && (
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
      )}
      {children}
    </Button>
  );
}
