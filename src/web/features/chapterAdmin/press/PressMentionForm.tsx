import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { pressMentionSaveSchema, pressMentionSchema } from '../../../../common/schemas/chapters';
import { resultSchema } from '../../../../common/schemas/permissions';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { useToast } from '../../../components/toasts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminChapter } from '../useAdminChapter';
import { mentionKey } from './pressQuery';

const mentionFormSchema = pressMentionSaveSchema.pick({
  title: true,
  url: true,
  notes: true,
  isVisible: true,
});
type MentionForm = z.input<typeof mentionFormSchema>;

interface Props {
  initial: MentionForm;
  /** The mention being edited; none when adding. */
  slug?: string;
}

/** Title, URL, Notes and Visible (spec 2 §2, §5); back to the list after a save or delete. */
export function PressMentionForm({ initial, slug }: Props) {
  const { chapter, base } = useAdminChapter();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  // Spec 2 §5: a message shows once its field is touched.
  const { register, handleSubmit, formState } = useForm<
    MentionForm,
    unknown,
    z.output<typeof mentionFormSchema>
  >({ mode: 'onTouched', resolver: zodResolver(mentionFormSchema), defaultValues: initial });
  const errors = formState.errors;

  // The admin list, the public chapter and press lists, and the edited mention all change.
  const leave = async (title: string, message: string) => {
    await queryClient.invalidateQueries({ queryKey: ['chapter-press', chapter.id] });
    await queryClient.invalidateQueries({ queryKey: ['press'] });
    if (slug) queryClient.removeQueries({ queryKey: mentionKey(slug) });
    toast.show({ type: 'success', title, message });
    await navigate(`${base}/press_mentions`);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = { ...values, chapterId: chapter.id, ...(slug ? { slug } : {}) };
      const saved = await save.run(() =>
        apiSend('POST', '/api/press_mention/', body, pressMentionSchema),
      );
      await leave('Press mention saved', `${saved.title} is saved.`);
    } catch (err) {
      setFailure(errorMessage(err, 'The press mention could not be saved. Please try again.'));
    }
  });

  const onDelete = async () => {
    if (!slug) return;
    setDeleting(true);
    setDeleteFailure(null);
    try {
      await apiSend(
        'DELETE',
        `/api/press_mention/slug/${encodeURIComponent(slug)}`,
        undefined,
        resultSchema,
      );
      setConfirming(false);
      await leave('Press mention deleted', `${initial.title} is deleted.`);
    } catch (err) {
      setDeleteFailure(errorMessage(err, 'The press mention could not be deleted.'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        {failure && <Alert variant="danger">{failure}</Alert>}
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
        <div className="d-flex flex-wrap align-items-center gap-2">
          <SaveButton state={save.state} />
          {slug && (
            <Button
              variant="danger"
              className="ms-auto"
              onClick={() => {
                setDeleteFailure(null);
                setConfirming(true);
              }}
            >
              Delete (cannot be undone)
            </Button>
          )}
        </div>
      </Form>
      <ConfirmDialog
        show={confirming}
        title="Delete this press mention?"
        confirmLabel="Delete"
        busy={deleting}
        error={deleteFailure}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p className="mb-0">{initial.title} will be deleted for good. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
