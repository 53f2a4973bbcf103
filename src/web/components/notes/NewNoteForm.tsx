import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { chapterNoteRequestSchema } from '../../../common/schemas/noteRequests';
import { SaveButton } from '../forms/SaveButton';
import { useFormSave } from '../forms/useFormSave';

// Notes about a user have no Admin Only: theirs is always false and never sent.
const newNoteSchema = chapterNoteRequestSchema.pick({ note: true, adminOnly: true });
type NewNoteValues = z.input<typeof newNoteSchema>;
export type NewNote = z.output<typeof newNoteSchema>;
const EMPTY: NewNoteValues = { note: '', adminOnly: false };

interface Props<T> {
  /** Sends the note; answers the saved note. */
  post: (note: NewNote) => Promise<T>;
  /** Puts the saved note at the top of its archive; then the form is empty again. */
  onSaved: (saved: T) => Promise<void> | void;
  /** The Admin Only box's words, for a writer who may hide a note from hosts; none, no box. */
  adminOnlyLabel?: string | undefined;
  rows: number;
  saveLabel?: string;
}

/** A new note (spec 2 §5: 'Note is Required'): of a chapter, or about a user. */
export function NewNoteForm<T>({
  post,
  onSaved,
  adminOnlyLabel,
  rows,
  saveLabel = 'Save',
}: Props<T>) {
  const save = useFormSave('The note could not be saved. Please try again.');
  const id = useId();
  // onChange: 'Note is Required' shows once the text is edited away, or on an empty Save.
  const { register, handleSubmit, formState, reset } = useForm<NewNoteValues, unknown, NewNote>({
    mode: 'onChange',
    resolver: zodResolver(newNoteSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) =>
    save.attempt(
      () => post(values),
      async (saved) => {
        await onSaved(saved);
        reset(EMPTY);
      },
    ),
  );

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} className="card card-body mb-3">
      {save.failure && <Alert variant="danger">{save.failure}</Alert>}
      <Form.Group className="mb-3" controlId={`${id}-text`}>
        <Form.Label>Note Text</Form.Label>
        <Form.Control
          as="textarea"
          rows={rows}
          {...register('note')}
          isInvalid={!!formState.errors.note}
          aria-required="true"
        />
        <Form.Control.Feedback type="invalid">
          {formState.errors.note?.message}
        </Form.Control.Feedback>
      </Form.Group>
      {adminOnlyLabel && (
        <Form.Check
          className="mb-3"
          type="checkbox"
          id={`${id}-admin-only`}
          label={adminOnlyLabel}
          {...register('adminOnly')}
        />
      )}
      <div>
        <SaveButton state={save.state}>{saveLabel}</SaveButton>
      </div>
    </Form>
  );
}
