import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  userNoteRequestSchema,
  userNoteSchema,
  type UserNote,
} from '../../../../common/schemas/userNotes';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { useSaveState } from '../../../components/forms/useSaveState';
import { userNotesKey } from './userNotesQuery';

const noteFormSchema = userNoteRequestSchema.pick({ note: true });
type NoteFormValues = z.input<typeof noteFormSchema>;
const EMPTY: NoteFormValues = { note: '' };

/** A new note about a user (spec 2 §5: 'Note is Required'); it tops the archive once saved. */
export function UserNoteForm({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const save = useSaveState();
  const fieldId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<
    NoteFormValues,
    unknown,
    z.output<typeof noteFormSchema>
  >({ mode: 'onChange', resolver: zodResolver(noteFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend('POST', '/api/user_note', { ...values, aboutUserId: userId }, userNoteSchema),
      );
      queryClient.setQueryData<UserNote[]>(userNotesKey(userId), (notes) => [
        saved,
        ...(notes ?? []),
      ]);
      await queryClient.invalidateQueries({ queryKey: ['activity'] });
      reset(EMPTY);
    } catch (err) {
      setFailure(errorMessage(err, 'The note could not be saved. Please try again.'));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body mb-3">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Form.Group className="mb-3" controlId={fieldId}>
        <Form.Label>Note Text</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          {...register('note')}
          isInvalid={!!formState.errors.note}
          aria-required="true"
        />
        <Form.Control.Feedback type="invalid">
          {formState.errors.note?.message}
        </Form.Control.Feedback>
      </Form.Group>
      <div>
        <SaveButton state={save.state}>Add Note</SaveButton>
      </div>
    </Form>
  );
}
