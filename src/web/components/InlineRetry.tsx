import Button from 'react-bootstrap/Button';

/** A part of a screen that failed to load: says what, and offers to try again. */
export function InlineRetry({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p className="text-danger">
      The {what} could not be loaded.{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
        Try again
      </Button>
    </p>
  );
}
