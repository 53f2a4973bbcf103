import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { LIMITS } from '../../../common/constants';
import { PageSpinner } from '../../components/PageSpinner';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { AuthCard } from './AuthCard';
import { checkResetToken, setNewPassword } from './authApi';
import { NewPasswordFields } from '../../components/account/NewPasswordFields';
import { useSubmit } from '../../hooks/useSubmit';

const INVALID = 'Your token is invalid or expired.';

const newPasswordFormSchema = z
  .object({
    password: z
      .string()
      .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`),
    passwordMatch: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.passwordMatch, {
    path: ['passwordMatch'],
    message: 'Passwords do not match',
  });
type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** Spec 1 §2 Password verify: check the token, then the new password, then sign in. */
export function PasswordVerifyPage() {
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => checkResetToken(token),
    retry: false,
    staleTime: Infinity,
  });
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const { register, handleSubmit, formState } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: '', passwordMatch: '' },
  });

  const { message: failure, onSubmit } = useSubmit(
    handleSubmit,
    async ({ password }) => {
      const { result } = await setNewPassword(token, password);
      setState(result === 'ok' ? 'done' : 'invalid');
    },
    () => 'Oops. Something went wrong.',
  );

  if (check.isPending) return <PageSpinner label="Checking your reset link..." />;
  if (check.isError || check.data.result !== 'ok' || state === 'invalid') {
    return (
      <AuthCard title="Choose a new password">
        <Alert variant="warning">{INVALID}</Alert>
        <Link to="/password_reset">Ask for a new link</Link>
      </AuthCard>
    );
  }
  if (state === 'done') {
    return (
      <AuthCard title="Password changed">
        <p>Great! Please sign in to continue.</p>
        <Link to="/signin" className="btn btn-primary">
          Sign In
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        <NewPasswordFields
          replacing
          password={register('password')}
          passwordMatch={register('passwordMatch')}
          errors={formState.errors}
        />
        <SubmitButton busy={formState.isSubmitting}>Save new password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
