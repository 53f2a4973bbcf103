// The auth calls of spec 1 §7, as the screens use them.
import {
  accountSchema,
  authResponseSchema,
  emailChangeAnswerSchema,
  passwordResetAnswerSchema,
} from '../../answerSchemas';
import type {
  Account,
  AuthResponse,
  EmailChangeAnswer,
  EmailChangeRequest,
  NameChange,
  PasswordChange,
  PasswordResetAnswer,
  SigninRequest,
} from '../../../common/schemas/auth';
import { apiGet, apiSend } from '../../api';

export const signIn = (body: SigninRequest): Promise<AuthResponse> =>
  apiSend('POST', '/api/auth/signin', body, !import.meta.env?.PROD && authResponseSchema);

export const signOut = (): Promise<AuthResponse> =>
  apiGet('/api/auth/signout', !import.meta.env?.PROD && authResponseSchema);

export const requestReset = (email: string): Promise<PasswordResetAnswer> =>
  apiSend(
    'POST',
    '/api/password_reset/create',
    { email },
    !import.meta.env?.PROD && passwordResetAnswerSchema,
  );

export const checkResetToken = (token: string): Promise<PasswordResetAnswer> =>
  apiGet(
    `/api/password_reset/check/${encodeURIComponent(token)}`,
    !import.meta.env?.PROD && passwordResetAnswerSchema,
  );

export const setNewPassword = (token: string, password: string): Promise<PasswordResetAnswer> =>
  apiSend(
    'POST',
    '/api/password_reset/new_password',
    { token, password },
    !import.meta.env?.PROD && passwordResetAnswerSchema,
  );

// Your Settings (docs/decisions/03-accounts.md).
export const accountKey = ['auth', 'account'] as const;

export const fetchAccount = (): Promise<Account> =>
  apiGet('/api/user/me', !import.meta.env?.PROD && accountSchema);

export const changeName = (body: NameChange): Promise<Account> =>
  apiSend('POST', '/api/user/me', body, !import.meta.env?.PROD && accountSchema);

export const requestEmailChange = (body: EmailChangeRequest): Promise<Account> =>
  apiSend('POST', '/api/user/me/email', body, !import.meta.env?.PROD && accountSchema);

export const changePassword = (body: PasswordChange): Promise<Account> =>
  apiSend('POST', '/api/user/me/password', body, !import.meta.env?.PROD && accountSchema);

export const confirmEmailChange = (token: string): Promise<EmailChangeAnswer> =>
  apiSend(
    'POST',
    '/api/user/email_change/confirm',
    { token },
    !import.meta.env?.PROD && emailChangeAnswerSchema,
  );
