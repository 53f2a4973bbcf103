// The signed-in user and the answer of GET /api/auth/user (spec 1 §3 "User", "Auth response").
import { z } from 'zod';
import { newPassword } from './authForms';

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
  /**
   * Their password was printed by `admin:create`: until they set a new one, the site shows
   * only that form and the API refuses every other write (PASSWORD_CHANGE_REQUIRED).
   */
  passwordChangeRequired: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  user: userSchema.nullable(),
  error: z.string().nullable(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

// ---------------------------------------------------------------- requests (spec 1 §3, §5, §7)
// The forms' schemas live in authForms.ts (passed on here for the server); the tokens of the
// links the site mails are checked here.

export {
  emailChangeRequestSchema,
  nameChangeSchema,
  passwordChangeSchema,
  passwordResetCreateSchema,
  signinRequestSchema,
  signupRequestSchema,
  type EmailChangeRequest,
  type NameChange,
  type PasswordChange,
  type SigninRequest,
  type SignupRequest,
} from './authForms';

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

// ------------------------------------ Your Settings (docs/decisions/03-accounts.md)

/** The settings screen's account: the user, and an email change waiting for its link. */
export const accountSchema = z.object({
  user: userSchema,
  /** The address a change was asked for, until its link is opened or expires; else null. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

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
