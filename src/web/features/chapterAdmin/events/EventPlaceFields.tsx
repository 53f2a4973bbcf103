import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import type { EventForm } from '../../../../common/schemas/events';
import { STATES } from '../../../../common/states';
import { TextField } from '../../../components/forms/TextField';
import type { EventFormOutput } from './eventFormValues';

type EventFormApi = UseFormReturn<EventForm, unknown, EventFormOutput>;

/** What and where (spec 2 §3 ChapterEvent): the name is shown as the Location. */
export function EventPlaceFields({ form }: { form: EventFormApi }) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <TextField
        label="Name"
        hint="Shown as the Location: the bar, restaurant or venue you meet at."
        registration={register('name')}
        error={errors.name}
      />
      <Form.Group className="mb-3" controlId="event-description">
        <Form.Label>Description</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          {...register('description')}
          isInvalid={!!errors.description}
          aria-describedby="event-description-hint"
        />
        <Form.Text id="event-description-hint" muted>
          Optional: where to find you, who to ask for...
        </Form.Text>
        <Form.Control.Feedback type="invalid">{errors.description?.message}</Form.Control.Feedback>
      </Form.Group>
      <TextField
        label="Address 1"
        autoComplete="address-line1"
        registration={register('address1')}
        error={errors.address1}
      />
      <TextField
        label="Address 2"
        autoComplete="address-line2"
        registration={register('address2')}
        error={errors.address2}
      />
      <div className="row gx-3">
        <div className="col-md-6">
          <TextField
            label="City"
            autoComplete="address-level2"
            registration={register('city')}
            error={errors.city}
          />
        </div>
        <Form.Group className="col-md-6 mb-3" controlId="event-state">
          <Form.Label>State</Form.Label>
          <Form.Select
            autoComplete="address-level1"
            {...register('state')}
            isInvalid={!!errors.state}
          >
            <option value="">No state</option>
            {STATES.map(([abbr, name]) => (
              <option key={abbr} value={abbr}>
                {name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.state?.message}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <div className="row gx-3">
        <div className="col-md-6">
          <TextField
            label="Postal Code"
            autoComplete="postal-code"
            registration={register('postalCode')}
            error={errors.postalCode}
          />
        </div>
        <div className="col-md-6">
          <TextField
            label="Country"
            autoComplete="country"
            registration={register('country')}
            error={errors.country}
          />
        </div>
      </div>
    </>
  );
}
