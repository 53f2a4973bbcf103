import Form from 'react-bootstrap/Form';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { WEEKDAYS, WEEKS_OF_MONTH } from '../../../../common/constants';
import { HALF_HOUR_TIMES } from '../../../../common/format';
import type { EventForm } from '../../../../common/schemas/events';
import type { EventFormOutput } from './eventFormValues';

type EventFormApi = UseFormReturn<EventForm, unknown, EventFormOutput>;

/**
 * When the event meets (spec 2 §2 Events): repeating (a weekday and weeks of the month) or a
 * single date, and its start and end times in half-hour steps.
 */
export function EventScheduleFields({ form }: { form: EventFormApi }) {
  const { register, control, watch, formState, getValues, setValue } = form;
  // 'Every Week' (index 0) covers all the others: ticking it clears them, and ticking any other
  // clears it, so the form never says more than the event will do.
  const weeks = register('weeksOfMonthIndexesArray', {
    onChange: (e: { target: HTMLInputElement }) => {
      if (!e.target.checked) return;
      const current = getValues('weeksOfMonthIndexesArray') ?? [];
      const next = e.target.value === '0' ? ['0'] : current.filter((v) => v !== '0');
      if (next.length !== current.length) {
        setValue('weeksOfMonthIndexesArray', next, { shouldValidate: true, shouldDirty: true });
      }
    },
  });
  const errors = formState.errors;
  const isSingleDate = watch('isSingleDate');
  return (
    <>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">Event type</legend>
        <Controller
          control={control}
          name="isSingleDate"
          render={({ field }) => (
            <>
              <Form.Check
                inline
                type="radio"
                id="event-repeating"
                name={field.name}
                label="Repeating"
                checked={!field.value}
                onChange={() => field.onChange(false)}
                onBlur={field.onBlur}
              />
              <Form.Check
                inline
                type="radio"
                id="event-single"
                name={field.name}
                label="Single date"
                checked={field.value}
                onChange={() => field.onChange(true)}
                onBlur={field.onBlur}
              />
            </>
          )}
        />
      </fieldset>

      {isSingleDate ? (
        <Form.Group className="mb-3" controlId="event-date">
          <Form.Label>Date</Form.Label>
          <Form.Control
            type="date"
            {...register('singleDate')}
            isInvalid={!!errors.singleDate}
            aria-describedby="event-date-hint"
          />
          <Form.Text id="event-date-hint" muted>
            Format: YYYY-MM-DD
          </Form.Text>
          <Form.Control.Feedback type="invalid">{errors.singleDate?.message}</Form.Control.Feedback>
        </Form.Group>
      ) : (
        <>
          <Form.Group className="mb-3" controlId="event-weekday">
            <Form.Label>Day of the week</Form.Label>
            <Form.Select {...register('dayOfWeekIndex', { valueAsNumber: true })}>
              {WEEKDAYS.map((day, i) => (
                <option key={day} value={i}>
                  {day}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset className="mb-3" aria-describedby="event-weeks-hint">
            <legend className="form-label fs-6 fw-semibold">Weeks of the month</legend>
            <div className="row row-cols-1 row-cols-sm-2 g-0">
              {WEEKS_OF_MONTH.map((label, i) => (
                <div className="col" key={label}>
                  <Form.Check
                    type="checkbox"
                    id={`event-week-${i}`}
                    value={String(i)}
                    label={label}
                    isInvalid={!!errors.weeksOfMonthIndexesArray}
                    {...weeks}
                  />
                </div>
              ))}
            </div>
            <Form.Text id="event-weeks-hint" muted>
              Check every one that applies: First and Third is the first and third{' '}
              {WEEKDAYS[watch('dayOfWeekIndex')] ?? 'weekday'} of each month.
            </Form.Text>
            {errors.weeksOfMonthIndexesArray && (
              <div className="invalid-feedback d-block">
                {errors.weeksOfMonthIndexesArray.message}
              </div>
            )}
          </fieldset>
        </>
      )}

      <div className="row gx-3 mb-3">
        <Form.Group className="col-6" controlId="event-start">
          <Form.Label>Start time</Form.Label>
          <Form.Select {...register('startTime')} isInvalid={!!errors.startTime}>
            {HALF_HOUR_TIMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.startTime?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-6" controlId="event-end">
          <Form.Label>End time</Form.Label>
          <Form.Select {...register('endTime')} isInvalid={!!errors.endTime}>
            {HALF_HOUR_TIMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errors.endTime?.message}</Form.Control.Feedback>
        </Form.Group>
      </div>
    </>
  );
}
