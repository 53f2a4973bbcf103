import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { SaveState } from './useSaveState';

/** A submit button that reads Saving while saving and Saved for 3 seconds after (spec 2 §4). */
export function SaveButton({
  state,
  children = 'Save',
  disabled = false,
}: {
  state: SaveState;
  children?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      variant={state === 'saved' ? 'success' : 'primary'}
      disabled={disabled || state === 'saving'}
    >
      {state === 'saving' && (
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
      )}
      <span aria-live="polite">
        {state === 'saving' ? 'Saving' : state === 'saved' ? 'Saved' : children}
      </span>
    </Button>
  );
}
