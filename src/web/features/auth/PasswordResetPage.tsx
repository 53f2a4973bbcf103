import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { passwordResetCreateSchema } from '../../../common/schemas/authForms';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextField } from '../../components/forms/TextField';
import { requestReset } from './authApi';
import { useSubmit } from '../../hooks/useSubmit';

type Outcome = { variant: 'success' | 'warning' | 'danger'; text: string };

/** Spec 1 §2 Password Reset request, with the three answers of spec 1 §8. */
export function PasswordResetPage() {
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(passwordResetCreateSchema),
    defaultValues: { email: '' },
  });

  const { message: outcome, onSubmit } = useSubmit<{ email: string }, Outcome>(
    handleSubmit,
    async ({ email }) => {
      const { result } = await requestReset(email);
      return result === 'ok'
        ? { variant: 'success', text: 'Reset email sent!' }
        : { variant: 'warning', text: 'Email address not found.' };
    },
    () => ({ variant: 'danger', text: 'Something went wrong.' }),
  );

  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-3">Reset your password</h1>
        <p>
          Enter the email you registered with and we will send you a link to choose a new password.
          Reset links work for one hour.
        </p>
        {outcome && (
          <Alert variant={outcome.variant} role="status">
            {outcome.text}
          </Alert>
        )}
        <Form noValidate onSubmit={onSubmit}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            registration={register('email')}
            error={formState.errors.email}
          />
          <div className="d-flex align-items-center gap-3">
            <SubmitButton busy={formState.isSubmitting}>Send reset link</SubmitButton>
            <Link to="/signin">Back to sign in</Link>
          </div>
        </Form>
      </div>
    </div>
  );
}
