import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { Account } from '../../../../common/schemas/auth';
import {
  emailChangeRequestSchema,
  type EmailChangeRequest,
} from '../../../../common/schemas/authForms';
import { LIMITS } from '../../../../common/constants';
import { SaveButton } from '../../../components/forms/SaveButton';
import { TextField } from '../../../components/forms/TextField';
import { useSaveState } from '../../../components/forms/useSaveState';
import { requestEmailChange } from '../authApi';
import { placeServerError } from './serverFieldErrors';
import { useSubmit } from '../../../hooks/useSubmit';

const linkLife = LIMITS.resetLinkMinutes === 60 ? 'one hour' : `${LIMITS.resetLinkMinutes} minutes`;

/** Asks for a change of email: it happens when the link mailed to the new address is opened. */
export function EmailForm({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const save = useSaveState();
  const { register, handleSubmit, formState, reset, setError } = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { email: '' },
  });

  const { message: failure, onSubmit } = useSubmit(
    handleSubmit,
    async (values) => {
      const saved = await save.run(() => requestEmailChange(values));
      reset({ email: '' });
      onSaved(saved);
    },
    (err) => placeServerError(err, setError, ['email']),
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      <p className="mb-2">
        Your email address is <strong className="text-break">{account.user.email}</strong>. You sign
        in with it.
      </p>
      {account.pendingEmail && (
        <Alert variant="info">
          We sent a link to <strong className="text-break">{account.pendingEmail}</strong>. Your
          email address changes when it is opened. The link works for {linkLife}.
        </Alert>
      )}
      {failure && <Alert variant="danger">{failure}</Alert>}
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        hint="We will send a link to the new address to make sure it is yours."
        registration={register('email')}
        error={formState.errors.email}
      />
      <SaveButton state={save.state}>Change email</SaveButton>
    </Form>
  );
}
