// The chapter host application form (spec 1 §5) and POST /api/chapter_host_application, which
// check with the same schema. Apart from the applications' answers (applications.ts, which
// passes it on) so the form's chunk holds no answer schema.
import { z } from 'zod';
import { HOST_APPLICATION_TYPES } from '../constants';
import { isStateAbbr } from '../states';

const required = (what: string) => z.string().trim().min(1, `${what} is required`);

/**
 * The application form and POST /api/chapter_host_application. The client may post the whole
 * application; anything but these four fields (slug, status, user...) is ignored: the server
 * sets them.
 */
export const hostApplicationRequestSchema = z.object({
  city: required('City').max(200),
  state: required('State')
    .refine(isStateAbbr, 'Choose a state from the list')
    .transform((s) => s.toUpperCase()),
  type: z.enum(HOST_APPLICATION_TYPES).default('drinking'),
  reason: required('Reason').max(10_000),
});
export type HostApplicationRequest = z.input<typeof hostApplicationRequestSchema>;
