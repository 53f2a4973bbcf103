import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS } from '../../../common/constants';
import { TextField } from '../forms/TextField';

interface Props {
  password: UseFormRegisterReturn<'password'>;
  passwordMatch: UseFormRegisterReturn<'passwordMatch'>;
  errors: { password?: FieldError | undefined; passwordMatch?: FieldError | undefined };
  /** Labelled as the new password of an account that has one, not a first password. */
  replacing?: boolean;
}

/**
 * A password to set and its confirmation: registering, changing it in Your Settings, or from a
 * reset link. Marked new-password so a password manager offers to make one and saves it.
 */
export function NewPasswordFields({ password, passwordMatch, errors, replacing = false }: Props) {
  return (
    <>
      <TextField
        label={replacing ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        registration={password}
        error={errors.password}
      />
      <TextField
        label={replacing ? 'Confirm new password' : 'Confirm password'}
        type="password"
        autoComplete="new-password"
        registration={passwordMatch}
        error={errors.passwordMatch}
      />
    </>
  );
}
