import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { Account } from '../../../../common/schemas/auth';
import { passwordChangeSchema, type PasswordChange } from '../../../../common/schemas/authForms';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { changePassword } from '../authApi';
import { NewPasswordFields } from '../../../components/account/NewPasswordFields';
import { placeServerError } from './serverFieldErrors';
import { useSubmit } from '../../../hooks/useSubmit';

const EMPTY: PasswordChange = { currentPassword: '', password: '', passwordMatch: '' };

/** A new password, with the current one; every other session of the user ends. */
export function PasswordForm({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const save = useSaveState();
  const [changed, setChanged] = useState(false);
  const { register, handleSubmit, formState, reset, setError } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const errors = formState.errors;

  const { message: failure, onSubmit } = useSubmit(
    handleSubmit,
    async (values) => {
      setChanged(false);
      const saved = await save.run(() => changePassword(values));
      reset(EMPTY);
      setChanged(true);
      onSaved(saved);
    },
    (err) => placeServerError(err, setError, ['currentPassword', 'password', 'passwordMatch']),
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      {/* For password managers: which account this password belongs to. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={account.user.email}
        readOnly
        hidden
      />
      {changed && (
        <Alert variant="success">
          Your password was changed. Anywhere else you were signed in, you are now signed out.
        </Alert>
      )}
      {failure && <Alert variant="danger">{failure}</Alert>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <NewPasswordFields
        replacing
        password={register('password')}
        passwordMatch={register('passwordMatch')}
        errors={errors}
      />
      <SaveButton state={save.state}>Change password</SaveButton>
    </Form>
  );
}
