import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CHAPTER_TYPES, SETTINGS_CHAPTER_TYPE_IDS } from '../../../../common/constants';
import type { HostApplication } from '../../../../common/schemas/applications';
import { postalCodeAnswerSchema, chapterSchema } from '../../../answerSchemas';
import { STATES } from '../../../../common/states';
import { apiGet, apiSend } from '../../../api';
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

const FIELD_LABEL: Record<keyof AddChapterForm, string> = {
  title: 'Title',
  city: 'City',
  state: 'State',
  postalCode: 'Postal Code',
  country: 'Country',
  chapterTypeId: 'Chapter type',
};

/** Above the button: which fields stop the chapter being created, by their labels. */
function invalidText(errors: FieldErrors<AddChapterForm>): string {
  const names = (Object.keys(FIELD_LABEL) as (keyof AddChapterForm)[])
    .filter((key) => errors[key])
    .map((key) => FIELD_LABEL[key]);
  return `The chapter was not created. Fill in ${names.join(', ')} above.`;
}

/**
 * An application asks for a city and a state, never a postal code, which a chapter needs: the
 * gazetteer's ZIP of that city is offered (US cities only; the admin may change it).
 */
function useOfferedPostalCode(application: HostApplication | undefined) {
  const city = application?.city.trim() ?? '';
  const state = application?.state ?? '';
  return useQuery({
    queryKey: ['postal-code', city, state],
    queryFn: () =>
      apiGet(
        `/api/geocode/postal_code?city=${encodeURIComponent(city)}&state=${encodeURIComponent(state)}`,
        !import.meta.env?.PROD && postalCodeAnswerSchema,
      ),
    enabled: city !== '' && state !== '' && state !== 'INT',
    retry: false,
    staleTime: Infinity,
  });
}

/** Title, city, state, postal code, country, type and about; then to the new chapter's settings. */
export function AddChapterFormCard({ application }: { application?: HostApplication }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveState();
  const [about, setAbout] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues, setValue } = useForm<
    AddChapterForm,
    unknown,
    z.output<typeof addChapterFormSchema>
  >({
    mode: 'onChange',
    resolver: zodResolver(addChapterFormSchema),
    defaultValues: initialValues(application),
  });
  const errors = formState.errors;
  const offered = useOfferedPostalCode(application);
  useEffect(() => {
    if (offered.data && !getValues('postalCode')) {
      setValue('postalCode', offered.data.postalCode, { shouldValidate: true });
    }
  }, [offered.data, getValues, setValue]);
  const postalHint = !application
    ? undefined
    : offered.data
      ? `The application gives no postal code: this is one of ${offered.data.label} from the gazetteer. Change it if the chapter meets elsewhere.`
      : 'The application gives no postal code: enter the one where the chapter meets.';

  const onSubmit = handleSubmit(
    async (values) => {
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
    },
    (invalid) => setFailure(invalidText(invalid)),
  );

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
        hint={postalHint}
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
