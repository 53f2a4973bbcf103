import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CHAPTER_TYPES, SETTINGS_CHAPTER_TYPE_IDS } from '../../../../common/constants';
import type { HostApplication } from '../../../../common/schemas/applications';
import { chapterSchema } from '../../../../common/schemas/chapters';
import { STATES } from '../../../../common/states';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { RichTextEditor } from '../../../components/richText/RichTextEditor';
import { useToast } from '../../../components/toasts';
import {
  addChapterFormSchema,
  initialValues,
  requestOf,
  type AddChapterForm,
} from './addChapterForm';
import { adminChaptersKey, chapterPath } from './chaptersQuery';

const TYPE_NAME = new Map<number, string>(CHAPTER_TYPES.map((t) => [t.id, t.name]));

/** Title, city, state, postal code, country, type and about; then to the new chapter's settings. */
export function AddChapterFormCard({ application }: { application?: HostApplication }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveState();
  const [about, setAbout] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    AddChapterForm,
    unknown,
    z.output<typeof addChapterFormSchema>
  >({
    mode: 'onChange',
    resolver: zodResolver(addChapterFormSchema),
    defaultValues: initialValues(application),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const chapter = await save.run(() =>
        apiSend(
          'POST',
          '/api/chapter/new',
          requestOf(values, about, application?.slug),
          !import.meta.env?.PROD && chapterSchema,
        ),
      );
      await queryClient.invalidateQueries({ queryKey: adminChaptersKey });
      await queryClient.invalidateQueries({ queryKey: ['admin-applications'] });
      await queryClient.invalidateQueries({ queryKey: ['admin-user'] });
      toast.show({
        type: 'success',
        title: 'Chapter created',
        message: `${chapter.displayTitle} is hidden until you give it an email alias and make it Active here.`,
      });
      await navigate(`${chapterPath(chapter)}/admin/settings`);
    } catch (err) {
      setFailure(errorMessage(err, 'The chapter could not be created. Please try again.'));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body">
      <Alert variant="secondary">
        The new chapter is disabled (hidden) until you enable it in its settings.
      </Alert>
      <TextField label="Title" registration={register('title')} error={errors.title} />
      <TextField label="City" registration={register('city')} error={errors.city} />
      <Form.Group className="mb-3" controlId="add-chapter-state">
        <Form.Label>State</Form.Label>
        <Form.Select {...register('state')} isInvalid={!!errors.state}>
          {STATES.map(([abbr, name]) => (
            <option key={abbr} value={abbr}>
              {name}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.state?.message}</Form.Control.Feedback>
      </Form.Group>
      <TextField
        label="Postal Code"
        registration={register('postalCode')}
        error={errors.postalCode}
      />
      <TextField label="Country" registration={register('country')} error={errors.country} />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Chapter type</legend>
        {SETTINGS_CHAPTER_TYPE_IDS.map((id) => (
          <Form.Check
            key={id}
            inline
            type="radio"
            id={`add-chapter-type-${id}`}
            value={String(id)}
            label={TYPE_NAME.get(id)}
            {...register('chapterTypeId')}
          />
        ))}
      </fieldset>
      <div className="mb-3">
        <p id="add-chapter-about" className="form-label mb-2">
          About
        </p>
        <RichTextEditor initialValue="" onChange={setAbout} labelledBy="add-chapter-about" />
      </div>
      {failure && (
        <Alert variant="danger" role="alert">
          {failure}
        </Alert>
      )}
      <div>
        <SaveButton state={save.state}>Create Chapter</SaveButton>
      </div>
    </Form>
  );
}
