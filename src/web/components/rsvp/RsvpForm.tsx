import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm, type Path } from 'react-hook-form';
import { rsvpFormSchema, type RsvpForm as RsvpFormValues } from '../../../common/schemas/rsvpForm';
import { ApiError } from '../../api';
import { errorMessage } from '../forms/errorMessage';
import { SubmitButton } from '../forms/SubmitButton';
import { TextField } from '../forms/TextField';
import { useSubmit } from '../../hooks/useSubmit';

const FIELDS: readonly Path<RsvpFormValues>[] = ['name', 'email', 'guests', 'joinList'];

/**
 * A visitor's "I'm going": name, email, guests (0 to the event's ceiling) and the chapter's
 * mailing list, unticked. A 400's fields are shown under the fields they name; anything else
 * (a date closed meanwhile, a limit reached) above the button.
 */
export function RsvpForm({
  maxGuests,
  chapterName,
  onSend,
}: {
  maxGuests: number;
  chapterName: string;
  onSend: (values: RsvpFormValues) => Promise<void>;
}) {
  const id = useId();
  // The guests' list stops at the event's own ceiling; the schema holds the network's.
  const form = useForm<RsvpFormValues>({
    resolver: zodResolver(rsvpFormSchema),
    defaultValues: { name: '', email: '', guests: 0, joinList: false },
  });
  const { errors, isSubmitting } = form.formState;
  const { message, onSubmit } = useSubmit(form.handleSubmit, onSend, (err) => {
    const named = err instanceof ApiError ? (err.fields ?? []) : [];
    let placed = 0;
    for (const f of named) {
      const field = f.field.replace(/^body\./, '') as Path<RsvpFormValues>;
      if (!FIELDS.includes(field)) continue;
      form.setError(field, { type: 'server', message: f.message });
      placed += 1;
    }
    if (placed > 0 && placed === named.length) return null;
    return errorMessage(err, 'Your RSVP could not be sent. Please try again.');
  });
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="I'm going">
      <TextField
        label="Your name"
        autoComplete="name"
        registration={form.register('name')}
        error={errors.name}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email}
        hint="We send a link to confirm, and never show your name or address to anyone but the hosts."
      />
      {maxGuests > 0 && (
        <Form.Group className="mb-3" controlId={`${id}-guests`}>
          <Form.Label>Guests you are bringing</Form.Label>
          <Form.Select
            {...form.register('guests', { valueAsNumber: true })}
            isInvalid={!!errors.guests}
            aria-invalid={errors.guests ? true : undefined}
            className="w-auto"
          >
            {Array.from({ length: maxGuests + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.guests?.message}</Form.Control.Feedback>
        </Form.Group>
      )}
      <Form.Check
        id={`${id}-join`}
        className="mb-3"
        label={`Also join ${chapterName}’s mailing list`}
        {...form.register('joinList')}
      />
      {message && (
        <Alert variant="danger" role="alert">
          {message}
        </Alert>
      )}
      <SubmitButton busy={isSubmitting}>I’m going</SubmitButton>
    </Form>
  );
}
