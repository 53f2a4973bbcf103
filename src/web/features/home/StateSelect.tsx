import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { STATES } from '../../../common/states';

/** Spec 1 §2: choosing a state goes to /chapters/{state lowercased}. */
export function StateSelect() {
  const id = useId();
  const navigate = useNavigate();
  return (
    <Form.Group controlId={id}>
      <Form.Label>Find chapters by state</Form.Label>
      <Form.Select
        defaultValue=""
        onChange={(e) => {
          if (e.target.value) void navigate(`/chapters/${e.target.value.toLowerCase()}`);
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
    </Form.Group>
  );
}
