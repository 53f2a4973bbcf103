import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import type { EventForm } from '../../../../common/schemas/events';
import { MAX_GUESTS_LIMIT } from '../../../../common/schemas/rsvpForm';
import type { EventFormOutput } from './eventFormValues';

type EventFormApi = UseFormReturn<EventForm, unknown, EventFormOutput>;

/**
 * "I'm going" (issue 33): how many people a date takes before the waitlist (empty: no cap) and
 * how many guests one RSVP may bring.
 */
export function EventRsvpFields({ form }: { form: EventFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <fieldset className="mb-3">
      <legend className="h6">RSVPs</legend>
      <div className="row gx-3">
        <Form.Group className="col-sm-6 mb-3" controlId="event-capacity">
          <Form.Label>Capacity</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={10000}
            {...register('capacity', {
              // An empty box is no cap, which the server takes as null.
              setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)),
            })}
            isInvalid={!!errors.capacity}
            aria-invalid={errors.capacity ? true : undefined}
            aria-describedby="event-capacity-hint"
          />
          <Form.Text id="event-capacity-hint" muted>
            People per date, guests included. Past it, RSVPs join a waitlist. Empty: no cap.
          </Form.Text>
          <Form.Control.Feedback type="invalid">{errors.capacity?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-6 mb-3" controlId="event-max-guests">
          <Form.Label>Guests per RSVP</Form.Label>
          <Form.Select
            {...register('maxGuests', { valueAsNumber: true })}
            isInvalid={!!errors.maxGuests}
            aria-invalid={errors.maxGuests ? true : undefined}
          >
            {Array.from({ length: MAX_GUESTS_LIMIT + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.maxGuests?.message}</Form.Control.Feedback>
        </Form.Group>
      </div>
    </fieldset>
  );
}
