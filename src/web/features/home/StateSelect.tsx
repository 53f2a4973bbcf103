import { useId, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { STATES } from '../../../common/states';

/**
 * Spec 1 §2: choosing a state goes to /chapters/{state lowercased}. With the mouse, choosing
 * is the change; from the keyboard, arrows and letters only move through the states (every
 * step is a change there) and Enter goes.
 */
export function StateSelect() {
  const id = useId();
  const navigate = useNavigate();
  const browsingByKey = useRef(false);
  const go = (abbr: string) => {
    if (abbr) void navigate(`/chapters/${abbr.toLowerCase()}`);
  };
  return (
    <Form.Group controlId={id}>
      <Form.Label>Find chapters by state</Form.Label>
      <Form.Select
        defaultValue=""
        aria-describedby={`${id}-hint`}
        onKeyDown={(e) => {
          browsingByKey.current = e.key !== 'Enter';
          if (e.key === 'Enter') go(e.currentTarget.value);
        }}
        onMouseDown={() => (browsingByKey.current = false)}
        onChange={(e) => {
          if (!browsingByKey.current) go(e.target.value);
        }}
      >
        <option value="" disabled>
          Choose a state
        </option>
        {STATES.map(([abbr, name]) => (
          <option key={abbr} value={abbr}>
            {name}
          </option>
        ))}
      </Form.Select>
      <Form.Text id={`${id}-hint`} className="visually-hidden">
        With the keyboard, choose a state with the arrow keys and press Enter.
      </Form.Text>
    </Form.Group>
  );
}
