import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** A screen, or a block of one, that failed to load: says what, and offers to try again. */
export function LoadFailedAlert({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
      The {what} could not be loaded.
      <Button size="sm" variant="danger" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
