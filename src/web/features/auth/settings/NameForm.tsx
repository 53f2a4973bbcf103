import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { Account } from '../../../../common/schemas/auth';
import { nameChangeSchema, type NameChange } from '../../../../common/schemas/authForms';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { changeName } from '../authApi';
import { placeServerError } from './serverFieldErrors';
import { useSubmit } from '../../../hooks/useSubmit';

export function NameForm({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const save = useSaveState();
  const { register, handleSubmit, formState, reset, setError } = useForm<NameChange>({
    resolver: zodResolver(nameChangeSchema),
    defaultValues: { name: account.user.name },
  });

  const { message: failure, onSubmit } = useSubmit(
    handleSubmit,
    async (values) => {
      const saved = await save.run(() => changeName(values));
      reset({ name: saved.user.name });
      onSaved(saved);
    },
    (err) => placeServerError(err, setError, ['name']),
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      {failure && <Alert variant="danger">{failure}</Alert>}
      <TextField
        label="Name"
        hint="Your real first and last name, as hosts and admins see it."
        autoComplete="name"
        registration={register('name')}
        error={formState.errors.name}
      />
      <SaveButton state={save.state}>Save name</SaveButton>
    </Form>
  );
}
