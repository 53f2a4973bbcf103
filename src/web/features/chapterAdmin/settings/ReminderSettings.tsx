import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, type FieldError } from 'react-hook-form';
import { zoneAbbreviation } from '../../../../common/eventSchedule';
import { hasHostAccess } from '../../../../common/policy';
import { REMINDER_LIMITS } from '../../../../common/schemas/chapterFields';
import { chapterSchema, emailPreviewSchema } from '../../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { EmailPreviewDialog, type PreviewState } from '../email/EmailPreviewDialog';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import {
  hourText,
  reminderChangesOf,
  reminderFieldOf,
  reminderFormSchema,
  reminderValuesOf,
  type ReminderForm,
} from './reminderForm';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const L = REMINDER_LIMITS;

/**
 * Email that goes by itself (issue 34): the chapter's reminders, a host's to set (the chore they
 * take over is the host's), and the list reminder as members will get it, drawn by the server.
 */
export function ReminderSettings() {
  const { chapter } = useAdminChapter();
  const { user } = useCurrentUser();
  const refresh = useRefreshChapter();
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const mayChange = hasHostAccess(user, chapter.id);
  const { register, handleSubmit, formState, reset, setError, watch } = useForm<ReminderForm>({
    mode: 'onChange',
    resolver: zodResolver(reminderFormSchema),
    defaultValues: reminderValuesOf(chapter),
  });
  const errorOf = (name: keyof ReminderForm): FieldError | undefined => formState.errors[name];
  const number = (name: keyof ReminderForm) => register(name, { valueAsNumber: true });
  const zone = `${chapter.timeZone} (${zoneAbbreviation(new Date(), chapter.timeZone)})`;
  const daysBefore = watch('reminderDaysBefore');
  /** A number of days or hours within its limits (chapterFields.ts REMINDER_LIMITS). */
  const limitField = (name: keyof ReminderForm & keyof typeof L, label: string, hint?: string) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={L[name].min}
      max={L[name].max}
      registration={number(name)}
      error={errorOf(name)}
      hint={hint}
    />
  );
  // The dashboard's "Change the reminders" leads here (#reminders): a host's part of this
  // screen is at its foot, below the settings locked to them.
  const { hash } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (hash === '#reminders') formRef.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const changes = reminderChangesOf(chapter, values);
    try {
      // Nothing changed: nothing to send, and the settings are as saved.
      const saved = await save.run(async () =>
        Object.keys(changes).length === 1
          ? chapter
          : apiSend('POST', '/api/chapter', changes, !import.meta.env?.PROD && chapterSchema),
      );
      reset(reminderValuesOf(saved));
      await refresh(saved);
    } catch (err) {
      // The server names the field it refused: the message goes beside that field.
      const named = err instanceof ApiError ? (err.fields ?? []) : [];
      let placed = false;
      for (const { field, message } of named) {
        const ours = reminderFieldOf(field);
        if (ours) {
          setError(ours, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFailure(errorMessage(err));
    }
  });

  async function openPreview() {
    setPreview({ step: 'loading' });
    try {
      const answer = await apiGet(
        `/api/reminders/chapter/${chapter.id}/preview`,
        !import.meta.env?.PROD && emailPreviewSchema,
      );
      setPreview({ step: 'ready', preview: answer });
    } catch (err) {
      setPreview({
        step: 'failed',
        message: errorMessage(err, 'The preview could not be made. Please try again.'),
      });
    }
  }

  return (
    <Form
      ref={formRef}
      id="reminders"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="card card-body mt-4"
      aria-labelledby="reminders-title"
    >
      <h2 id="reminders-title" className="h5">
        Email that goes by itself
      </h2>
      <p className="text-body-secondary small">
        Hours are the chapter&apos;s, in its time zone: {zone}. 0 turns a message off.
      </p>
      <fieldset disabled={!mayChange}>
        <fieldset className="border rounded p-3 mb-3">
          <legend className="fs-6 float-none w-auto px-2 mb-0">
            Remind the mailing list before each meeting
          </legend>
          <div className="row g-3">
            <div className="col-sm-6">
              {limitField('reminderDaysBefore', 'Days before (0 = no reminder)')}
            </div>
            <div className="col-sm-6">
              <Form.Group className="mb-3" controlId="reminders-hour">
                <Form.Label>At ({zoneAbbreviation(new Date(), chapter.timeZone)})</Form.Label>
                <Form.Select
                  {...number('reminderHour')}
                  isInvalid={!!errorOf('reminderHour')}
                  aria-invalid={errorOf('reminderHour') ? true : undefined}
                >
                  {HOURS.map((hour) => (
                    <option key={hour} value={hour}>
                      {hourText(hour)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">
                  {errorOf('reminderHour')?.message}
                </Form.Control.Feedback>
              </Form.Group>
            </div>
          </div>
          <p className="small mb-2">
            Every confirmed member gets the date, time and place, your note for that date, an
            &ldquo;I&apos;m going&rdquo; link and the calendar links
            {daysBefore === 0 ? ' (turned off now).' : '.'}
          </p>
          <Button variant="outline-primary" size="sm" onClick={() => void openPreview()}>
            Preview the reminder
          </Button>
        </fieldset>
        {limitField(
          'rsvpReminderHours',
          'Remind those going, hours before the start (0 = off)',
          'With the calendar file and their cancel link. Those who say yes later get none: their confirmation just came.',
        )}
        {limitField(
          'hostDigestHours',
          'Send the hosts who is going, hours before the start (0 = off)',
          "The host's evening before: “Tomorrow at the bar: 12 going”, with the names.",
        )}
      </fieldset>
      {failure && (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      )}
      <div>
        <SaveButton state={save.state} disabled={!mayChange}>
          Save reminders
        </SaveButton>
      </div>
      {preview && <EmailPreviewDialog state={preview} onClose={() => setPreview(null)} />}
    </Form>
  );
}
