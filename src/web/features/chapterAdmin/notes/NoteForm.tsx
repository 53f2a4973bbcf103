import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  chapterNoteRequestSchema,
  chapterNoteSchema,
  type ChapterNote,
} from '../../../../common/schemas/notes';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveButton } from '../../../components/forms/SaveButton';
import { useSaveState } from '../../../components/forms/useSaveState';
import { chapterNotesKey } from './notesQuery';

const noteFormSchema = chapterNoteRequestSchema.pick({ note: true, adminOnly: true });
type NoteFormValues = z.input<typeof noteFormSchema>;
const EMPTY: NoteFormValues = { note: '', adminOnly: false };

/** Note Text and, for admins only, Admin Only (the server refuses it from anyone else). */
export function NoteForm({ chapterId, admin }: { chapterId: number; admin: boolean }) {
  const queryClient = useQueryClient();
  const save = useSaveState();
  const [failure, setFailure] = useState<string | null>(null);
  // onChange: 'Note is Required' shows once the text is edited away, or on an empty Save.
  const { register, handleSubmit, formState, reset } = useForm<
    NoteFormValues,
    unknown,
    z.output<typeof noteFormSchema>
  >({ mode: 'onChange', resolver: zodResolver(noteFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.run(() =>
        apiSend(
          'POST',
          '/api/chapter_note',
          { ...values, adminOnly: admin && values.adminOnly, chapterId },
          chapterNoteSchema,
        ),
      );
      queryClient.setQueryData<ChapterNote[]>(chapterNotesKey(chapterId), (notes) => [
        saved,
        ...(notes ?? []),
      ]);
      reset(EMPTY);
    } catch (err) {
      setFailure(errorMessage(err, 'The note could not be saved. Please try again.'));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Form.Group className="mb-3" controlId="note-text">
        <Form.Label>Note Text</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          {...register('note')}
          isInvalid={!!formState.errors.note}
          aria-required="true"
        />
        <Form.Control.Feedback type="invalid">
          {formState.errors.note?.message}
        </Form.Control.Feedback>
      </Form.Group>
      {admin && (
        <Form.Check
          className="mb-3"
          type="checkbox"
          id="note-admin-only"
          label="Admin Only (hosts and field organizers do not see it)"
          {...register('adminOnly')}
        />
      )}
      <div>
        <SaveButton state={save.state} />
      </div>
    </Form>
  );
}
