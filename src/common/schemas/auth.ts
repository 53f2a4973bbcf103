// The signed-in user and the answer of GET /api/auth/user (spec 1 §3 "User", "Auth response").
import { z } from 'zod';
import { LIMITS } from '../constants';

export const permissionSchema = z.object({
  roleId: z.number().int(),
  // The admin role is global, so it may name no chapter.
  chapterId: z.number().int().nullable(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  permissions: z.array(permissionSchema),
  isAdmin: z.boolean(),
  isFieldOrganizer: z.boolean(),
  isChapterHost: z.boolean(),
  /** Holds at least one chapter role (host or field organizer). */
  hasChapters: z.boolean(),
  chapterHostChapterIds: z.array(z.number().int()).default([]),
  fieldOrganizerChapterIds: z.array(z.number().int()).default([]),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  user: userSchema.nullable(),
  error: z.string().nullable(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

// ---------------------------------------------------------------- requests (spec 1 §3, §5, §7)
// One schema per form: the browser's form and the server's route validate with the same one.

const email = z.string().trim().min(1, 'Email is required').email('Enter a valid email address');
const newPassword = z
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
export const passwordResetNewSchema = z.object({
  token: z.string().min(1),
  password: newPassword,
});

/**
 * The password-reset calls answer `{ result }`: 'ok'; 'user not found' from create for an unknown
 * email; 'invalid' from check and new_password for a token that is unknown, used or expired.
 */
export const passwordResetAnswerSchema = z.object({
  result: z.enum(['ok', 'user not found', 'invalid']),
});
export type PasswordResetAnswer = z.infer<typeof passwordResetAnswerSchema>;

// ---------------------------------------------------------------- Your Settings (decisions.md)

/** The settings screen's account: the user, and an email change waiting for its link. */
export const accountSchema = z.object({
  user: userSchema,
  /** The address a change was asked for, until its link is opened or expires; else null. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

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

export const emailChangeConfirmSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Opening an email-change link answers `{ result, email }`: 'ok' with the new address; 'invalid'
 * for a link unknown, used or expired; 'taken' when another account has the address since.
 */
export const emailChangeAnswerSchema = z.object({
  result: z.enum(['ok', 'invalid', 'taken']),
  email: z.string().nullable(),
});
export type EmailChangeAnswer = z.infer<typeof emailChangeAnswerSchema>;
