// Register's call (spec 1 §7): here, not in the auth feature's calls, because the register form
// is shown by other features too (starting a chapter asks for an account first).
import { authResponseSchema } from '../../answerSchemas';
import type { AuthResponse, SignupRequest } from '../../../common/schemas/auth';
import { apiSend } from '../../api';

export const signUp = (body: SignupRequest): Promise<AuthResponse> =>
  apiSend(
    'POST',
    '/api/auth/signup',
    { ...body, username: body.email },
    !import.meta.env?.PROD && authResponseSchema,
  );
