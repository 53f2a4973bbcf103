import type { BaseSyntheticEvent, ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { SaveButton } from './SaveButton';
import type { FormSave } from './useFormSave';

interface Props {
  /** The form's submit, from react-hook-form's handleSubmit. */
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  save: Pick<FormSave, 'state' | 'failure'>;
  /** Beside Save, at the far end: the DeleteButton of a record that exists. */
  deleteButton?: ReactNode;
  children: ReactNode;
}

/**
 * An editor screen's form: why the last save failed, the fields, then Save and, for a record that
 * exists, Delete. Used by the events and press mentions editors.
 */
export function EditorForm({ onSubmit, save, deleteButton, children }: Props) {
  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)}>
      {save.failure && <Alert variant="danger">{save.failure}</Alert>}
      {children}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <SaveButton state={save.state} />
        {deleteButton}
      </div>
    </Form>
  );
}
