import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { HOST_APPLICATION_TYPES, type HostApplicationType } from '../../../common/constants';
import { hostApplicationSchema } from '../../answerSchemas';
import {
  hostApplicationRequestSchema,
  type ApplicationPrefill,
  type HostApplicationRequest,
} from '../../../common/schemas/applicationForm';
import type { HostApplication } from '../../../common/schemas/applications';
import { STATES } from '../../../common/states';
import { apiSend } from '../../api';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextField } from '../../components/forms/TextField';

const TYPE_LABEL: Record<HostApplicationType, string> = {
  drinking: 'Drinking Liberally',
  screening: 'Screening Liberally',
  living: 'Living Liberally',
  laughing: 'Laughing Liberally',
  dining: 'Dining Liberally',
  reading: 'Reading Liberally',
};

/** The host application (spec 1 §5): city, state, type and reason, all required. */
export function ApplicationForm({
  onSent,
  prefill = {},
}: {
  onSent: (sent: HostApplication) => void;
  /** A place filled in from the address (a search far from every chapter: issue 35). */
  prefill?: ApplicationPrefill;
}) {
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, formState } = useForm<HostApplicationRequest>({
    resolver: zodResolver(hostApplicationRequestSchema),
    defaultValues: {
      city: prefill.city ?? '',
      state: prefill.state ?? '',
      type: 'drinking',
      reason: '',
    },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      onSent(
        await apiSend(
          'POST',
          '/api/chapter_host_application',
          values,
          !import.meta.env?.PROD && hostApplicationSchema,
        ),
      );
    } catch {
      setFailed(true);
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)}>
      {failed && <Alert variant="danger">Something went wrong. Please try again.</Alert>}
      <TextField
        label="City"
        autoComplete="address-level2"
        registration={register('city')}
        error={errors.city}
      />
      <Form.Group className="mb-3" controlId="application-state">
        <Form.Label>State</Form.Label>
        <Form.Select {...register('state')} isInvalid={!!errors.state}>
          <option value="">Choose a state</option>
          {STATES.map(([abbr, name]) => (
            <option key={abbr} value={abbr}>
              {name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.state?.message}</Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Type of chapter</legend>
        {HOST_APPLICATION_TYPES.map((type) => (
          <Form.Check
            key={type}
            type="radio"
            id={`type-${type}`}
            value={type}
            label={TYPE_LABEL[type]}
            {...register('type')}
          />
        ))}
      </fieldset>
      <Form.Group className="mb-3" controlId="application-reason">
        <Form.Label>Why do you want to start a chapter?</Form.Label>
        <Form.Control as="textarea" rows={5} {...register('reason')} isInvalid={!!errors.reason} />
        <Form.Control.Feedback type="invalid">{errors.reason?.message}</Form.Control.Feedback>
      </Form.Group>
      <SubmitButton busy={formState.isSubmitting}>Send application</SubmitButton>
    </Form>
  );
}
