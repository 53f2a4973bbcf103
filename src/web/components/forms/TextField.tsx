import { useId, type InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: string;
}

/** A labelled Bootstrap field for react-hook-form, marked invalid with its message when it is. */
export function TextField({ label, registration, error, hint, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        {...registration}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <Form.Text id={hintId} muted>
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid">{error?.message}</Form.Control.Feedback>
    </Form.Group>
  );
}
