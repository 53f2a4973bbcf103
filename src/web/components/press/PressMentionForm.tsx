import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { pressMentionSchema } from '../../answerSchemas';
import { pressMentionSaveSchema } from '../../../common/schemas/chapterEdits';
import { apiSend } from '../../api';
import { DeleteButton } from '../forms/DeleteButton';
import { EditorForm } from '../forms/EditorForm';
import { TextField } from '../forms/TextField';
import { useFormSave } from '../forms/useFormSave';
import { useToast } from '../toasts';
import { mentionKey } from './mentionQuery';

const mentionFormSchema = pressMentionSaveSchema.pick({
  title: true,
  url: true,
  notes: true,
  isVisible: true,
});
export type MentionForm = z.input<typeof mentionFormSchema>;

export const NEW_MENTION: MentionForm = { title: '', url: '', notes: '', isVisible: true };

interface Props {
  initial: MentionForm;
  /** The mention being edited; none when adding. */
  slug?: string;
  /** The chapter it is about; -1 for a mention of the whole network (spec 2 §3). */
  chapterId: number;
  /** Where the list is: the form goes back there after a save or a delete. */
  listPath: string;
  /** The list's query, refetched after a change. */
  listKey: QueryKey;
}

/**
 * Title, URL, Notes and Visible (spec 2 §2, §5); back to the list after a save or delete. Used by
 * the chapter admin's Press Mentions and the site admin's network-wide ones.
 */
export function PressMentionForm({ initial, slug, chapterId, listPath, listKey }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useFormSave('The press mention could not be saved. Please try again.');
  // Spec 2 §5: a message shows once its field is touched.
  const { register, handleSubmit, formState } = useForm<
    MentionForm,
    unknown,
    z.output<typeof mentionFormSchema>
  >({ mode: 'onTouched', resolver: zodResolver(mentionFormSchema), defaultValues: initial });
  const errors = formState.errors;

  // The admin list, the public chapter and press lists, and the edited mention all change.
  const leave = async (title: string, message: string) => {
    await queryClient.invalidateQueries({ queryKey: listKey });
    await queryClient.invalidateQueries({ queryKey: ['press'] });
    if (slug) queryClient.removeQueries({ queryKey: mentionKey(slug) });
    toast.show({ type: 'success', title, message });
    await navigate(listPath);
  };

  const onSubmit = handleSubmit((values) =>
    save.attempt(
      () =>
        apiSend(
          'POST',
          '/api/press_mention/',
          { ...values, chapterId, ...(slug ? { slug } : {}) },
          !import.meta.env?.PROD && pressMentionSchema,
        ),
      (saved) => leave('Press mention saved', `${saved.title} is saved.`),
    ),
  );

  const deleteButton = slug && (
    <DeleteButton
      label="Delete (cannot be undone)"
      variant="danger"
      title="Delete this press mention?"
      confirmLabel="Delete"
      path={`/api/press_mention/slug/${encodeURIComponent(slug)}`}
      onRemoved={() => leave('Press mention deleted', `${initial.title} is deleted.`)}
      fallback="The press mention could not be deleted."
    >
      <p className="mb-0">{initial.title} will be deleted for good. This cannot be undone.</p>
    </DeleteButton>
  );

  return (
    <EditorForm onSubmit={onSubmit} save={save} deleteButton={deleteButton}>
      <TextField label="Title" registration={register('title')} error={errors.title} />
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="The address of the article, starting with http:// or https://"
        registration={register('url')}
        error={errors.url}
      />
      <Form.Group className="mb-3" controlId="mention-notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control as="textarea" rows={3} {...register('notes')} isInvalid={!!errors.notes} />
        <Form.Control.Feedback type="invalid">{errors.notes?.message}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check
        className="mb-3"
        type="checkbox"
        id="mention-visible"
        label="Visible (only visible mentions show on the public site)"
        {...register('isVisible')}
      />
    </EditorForm>
  );
}
