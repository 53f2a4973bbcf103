// The sign-in forms and Your Settings' forms (spec 1 §3, §5, §7; docs/decisions/03-accounts.md):
// one schema per form, with which the browser's form and the server's route both validate. Apart
// from the signed-in user's answers (auth.ts, which passes these on) so a form's chunk holds no
// answer schema.
import { z } from 'zod';
import { LIMITS } from '../constants';

const email = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');

/** A new password: sign-up's rule, which a reset link's password follows too (auth.ts). */
export const newPassword = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`);

/** Registration form user: username is set equal to the email. */
export const signupRequestSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required'),
    email,
    password: newPassword,
    passwordMatch: z.string().min(1, 'Please confirm your password'),
    username: z.string().optional(),
  })
  .refine((v) => v.password === v.passwordMatch, {
    path: ['passwordMatch'],
    message: 'Passwords do not match',
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** Sign in: `username` carries the email. */
export const signinRequestSchema = z.object({
  username: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

export const passwordResetCreateSchema = z.object({ email });

// ---------------------------------------------------------------- Your Settings

export const nameChangeSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
});
export type NameChange = z.infer<typeof nameChangeSchema>;

export const emailChangeRequestSchema = z.object({ email });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** A new password follows sign-up's rules; the current one proves it is the owner asking. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    password: newPassword,
    passwordMatch: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.password === v.passwordMatch, {
    path: ['passwordMatch'],
    message: 'Passwords do not match',
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
