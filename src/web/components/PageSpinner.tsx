import Spinner from 'react-bootstrap/Spinner';

/** A centred spinner with visible text, for a whole screen that is still loading. */
export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-5 justify-content-center" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
