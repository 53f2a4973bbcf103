import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { User } from '../../../common/schemas/auth';
import { signupRequestSchema, type SignupRequest } from '../../../common/schemas/authForms';
import { SubmitButton } from '../forms/SubmitButton';
import { TextField } from '../forms/TextField';
import { signUp } from './signUp';
import { NewPasswordFields } from './NewPasswordFields';
import { useSetCurrentUser } from '../../hooks/useCurrentUser';
import { useSubmit } from '../../hooks/useSubmit';

/**
 * Spec 1 §2 Register, as a form other screens can show (starting a chapter asks for it first).
 * The new user is signed in; `onRegistered` then decides what comes next.
 */
export function RegisterForm({
  onRegistered,
  signInHref = '/signin',
}: {
  onRegistered: (user: User) => void;
  signInHref?: string;
}) {
  const setUser = useSetCurrentUser();
  const { register, handleSubmit, formState } = useForm<SignupRequest>({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: { name: '', email: '', password: '', passwordMatch: '' },
  });
  const errors = formState.errors;

  const { message: warning, onSubmit } = useSubmit(
    handleSubmit,
    async (values) => {
      const answer = await signUp(values);
      if (answer.error || !answer.user) return answer.error ?? 'Something went wrong.';
      setUser(answer.user);
      onRegistered(answer.user);
    },
    (err) => {
      // On an HTTP failure loading just stops (spec 1 §8); the reason goes to the console.
      console.warn('Registration failed', err);
      return null;
    },
  );

  return (
    <Form noValidate onSubmit={onSubmit}>
      {warning && <Alert variant="warning">{warning}</Alert>}
      <TextField
        label="Name"
        hint="Your real first and last name, please."
        autoComplete="name"
        registration={register('name')}
        error={errors.name}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email}
      />
      <NewPasswordFields
        password={register('password')}
        passwordMatch={register('passwordMatch')}
        errors={errors}
      />
      <div className="d-flex align-items-center gap-3 flex-wrap">
        <SubmitButton busy={formState.isSubmitting}>Register</SubmitButton>
        {/* A paragraph, so its link is underlined as running text's are (styles.css). */}
        <p className="mb-0">
          Already have an account? <Link to={signInHref}>Sign in</Link>
        </p>
      </div>
    </Form>
  );
}
