import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm, type FieldError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CHAPTER_TYPES, SETTINGS_CHAPTER_TYPE_IDS } from '../../../../common/constants';
import { hasFieldOrganizerAccess, isAdmin } from '../../../../common/policy';
import { CHAPTER_SETTINGS_MESSAGES } from '../../../../common/schemas/chapterFields';
import { chapterSchema } from '../../../answerSchemas';
import { STATES } from '../../../../common/states';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { useAdminChapter, useRefreshChapter } from '../useAdminChapter';
import { ReminderSettings } from './ReminderSettings';
import { changesOf, formValuesOf, settingsResolverSchema, type SettingsForm } from './settingsForm';

const TYPE_NAME = new Map<number, string>(CHAPTER_TYPES.map((t) => [t.id, t.name]));

/**
 * Spec 2 §2 Chapter Settings, and under it the chapter's reminders (issue 34), which are the
 * hosts' to set: a form of their own, open to a host while the settings above are locked.
 */
export function ChapterSettingsScreen() {
  const { chapter, publicPath } = useAdminChapter();
  const { user } = useCurrentUser();
  const refresh = useRefreshChapter();
  const navigate = useNavigate();
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  const fieldOrganizer = hasFieldOrganizerAccess(user, chapter.id);
  const admin = isAdmin(user);
  const { register, handleSubmit, formState, reset } = useForm<SettingsForm>({
    mode: 'onChange',
    resolver: zodResolver(settingsResolverSchema(chapter)),
    defaultValues: formValuesOf(chapter),
  });
  // Spec 2 §5: a message shows once its field is changed and invalid.
  const errorOf = (name: keyof SettingsForm): FieldError | undefined =>
    formState.dirtyFields[name] || formState.isSubmitted ? formState.errors[name] : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend(
          'POST',
          '/api/chapter',
          changesOf(chapter, values),
          !import.meta.env?.PROD && chapterSchema,
        ),
      );
      reset(formValuesOf(saved));
      await refresh(saved);
      // A new slug or state moves the admin area's address with it.
      if (saved.slug !== chapter.slug || saved.state !== chapter.state) {
        await navigate(`/chapter/${saved.state.toLowerCase()}/${saved.slug}/admin/settings`, {
          replace: true,
        });
      }
    } catch (err) {
      setFailure(errorMessage(err));
    }
  });

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="h2">
        Chapter Settings
      </h1>
      <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body">
        {!fieldOrganizer && (
          <Alert variant="warning">{CHAPTER_SETTINGS_MESSAGES.notFieldOrganizer}</Alert>
        )}
        <fieldset disabled={!fieldOrganizer}>
          <TextField label="Title" registration={register('title')} error={errorOf('title')} />
          <TextField
            label="Slug"
            registration={register('slug')}
            error={errorOf('slug')}
            disabled={!admin}
            hint="Used for URL paths. No spaces, all lowercase. Only admins may change it."
          />
          <TextField label="City" registration={register('city')} error={errorOf('city')} />
          <Form.Group className="mb-3" controlId="settings-state">
            <Form.Label>State</Form.Label>
            <Form.Select {...register('state')} isInvalid={!!errorOf('state')}>
              {STATES.map(([abbr, name]) => (
                <option key={abbr} value={abbr}>
                  {name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {errorOf('state')?.message}
            </Form.Control.Feedback>
          </Form.Group>
          <TextField
            label="Postal Code"
            registration={register('postalCode')}
            error={errorOf('postalCode')}
          />
          <TextField
            label="Country"
            registration={register('country')}
            error={errorOf('country')}
          />
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Chapter type</legend>
            {SETTINGS_CHAPTER_TYPE_IDS.map((id) => (
              <Form.Check
                key={id}
                inline
                type="radio"
                id={`settings-type-${id}`}
                value={String(id)}
                label={TYPE_NAME.get(id)}
                {...register('chapterTypeId')}
              />
            ))}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Status</legend>
            <Form.Check
              inline
              type="radio"
              id="settings-status-active"
              value="1"
              label="Active"
              {...register('status')}
            />
            <Form.Check
              inline
              type="radio"
              id="settings-status-hidden"
              value="0"
              label="Hidden"
              {...register('status')}
            />
          </fieldset>
        </fieldset>
        {fieldOrganizer && (
          <fieldset className="border rounded p-3 mb-3">
            <legend className="fs-6 float-none w-auto px-2 mb-0">Email and mailing list</legend>
            <Form.Group className="mb-3" controlId="settings-alias">
              <Form.Label>Email List Alias</Form.Label>
              <InputGroup hasValidation>
                <Form.Control
                  {...register('emailAlias')}
                  isInvalid={!!errorOf('emailAlias')}
                  aria-describedby="settings-alias-note"
                />
                <InputGroup.Text>@{chapter.emailDomain}</InputGroup.Text>
                <Form.Control.Feedback type="invalid">
                  {errorOf('emailAlias')?.message}
                </Form.Control.Feedback>
              </InputGroup>
              <Form.Text id="settings-alias-note" muted>
                Changing the email alias or the chapter type does not change where mail to the
                chapter goes: the mail-receiving settings must then be adjusted by hand.
              </Form.Text>
            </Form.Group>
            <TextField
              label="List Name"
              registration={register('brontoListName')}
              error={errorOf('brontoListName')}
            />
            <TextField
              label="SendInBlue List Id"
              registration={register('sendInBlueListId')}
              error={errorOf('sendInBlueListId')}
            />
          </fieldset>
        )}
        {failure && (
          <Alert variant="danger" role="alert">
            {failure}
          </Alert>
        )}
        <div className="d-flex gap-3 align-items-center">
          <SaveButton state={save.state} disabled={!fieldOrganizer} />
          <a href={publicPath}>View chapter page</a>
        </div>
      </Form>
      <ReminderSettings />
    </section>
  );
}
