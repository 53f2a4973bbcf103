// An address given to a public form (the sign-up box, "I'm going"): apart from mailing.ts, which
// holds answer schemas, so a form that checks an address carries none of them into its chunk
// (web/answerSchemas.test.ts).
import { z } from 'zod';

export const MAILING_ERRORS = {
  invalidEmail: 'Please enter a valid email address.',
  noList: 'This chapter does not have a mailing list.',
  failed: 'Something went wrong. Please try again later.',
} as const;

export const mailingEmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, MAILING_ERRORS.invalidEmail)
  .pipe(z.email(MAILING_ERRORS.invalidEmail));
