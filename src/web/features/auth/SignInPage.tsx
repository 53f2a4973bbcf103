import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { signinRequestSchema, type SigninRequest } from '../../../common/schemas/authForms';
import { ApiError } from '../../api';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { TextField } from '../../components/forms/TextField';
import { AuthCard } from './AuthCard';
import { signIn, signOut } from './authApi';
import { cameFrom, landingFor, landingPath } from './landing';
import { currentUserKey, useSetCurrentUser } from '../../hooks/useCurrentUser';
import { useSubmit } from '../../hooks/useSubmit';

const FAILED = 'Oops. Either your email or password is incorrect.';

/**
 * Spec 1 §2 Sign In: visiting it signs the user out first; success goes to returnUrl, or without
 * one to the user's work (landing.ts).
 */
export function SignInPage() {
  const setUser = useSetCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const { register, handleSubmit, formState } = useForm<SigninRequest>({
    resolver: zodResolver(signinRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    // The start-up check of the current user may still be on its way with the old session's
    // answer: drop it, or it would sign the user back in on screen after this sign-out.
    void queryClient.cancelQueries({ queryKey: currentUserKey });
    setUser(null);
    // Sign-out failures are only logged (spec 1 §8).
    signOut()
      .catch((err: unknown) => console.warn('Sign-out failed', err))
      .finally(() => setUser(null));
  }, [setUser, queryClient]);

  const { message: error, onSubmit } = useSubmit(
    handleSubmit,
    async (values) => {
      const answer = await signIn(values);
      if (!answer.user) return FAILED;
      setUser(answer.user);
      await navigate(await landingPath(landingFor(answer.user, search, cameFrom(state))), {
        replace: true,
      });
    },
    (err) => (err instanceof ApiError && err.status === 429 ? err.message : FAILED),
  );

  return (
    <AuthCard title="Sign In">
      <p>Chapter hosts and field organizers: sign in here to run your chapter.</p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('username')}
          error={formState.errors.username}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={formState.errors.password}
        />
        <div className="d-flex align-items-center gap-3 flex-wrap">
          <SubmitButton busy={formState.isSubmitting}>Sign In</SubmitButton>
          <Link to="/password_reset">Forgot your password?</Link>
        </div>
      </Form>
      <p className="mt-4 mb-0">
        No account yet? <Link to={`/register_for_account${search}`}>Register</Link>
      </p>
    </AuthCard>
  );
}
