import Spinner from 'react-bootstrap/Spinner';
import type { SaveState } from './useSaveState';

/**
 * The save indicator (spec 2 §4) for changes saved as they are made, with no Save button to
 * carry it: Saving, then Saved for 3 seconds, read out by screen readers.
 */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <span className="small" role="status" aria-live="polite">
      {state === 'saving' && (
        <>
          <Spinner as="span" animation="border" size="sm" className="me-1" aria-hidden="true" />
          Saving
        </>
      )}
      {state === 'saved' && <span className="text-success fw-semibold">Saved</span>}
    </span>
  );
}
