// Chapter host applications (spec 1 §3, §5; spec 2 §3 ChapterHostApplication).
import { z } from 'zod';
import { HOST_APPLICATION_STATUSES, HOST_APPLICATION_TYPES } from '../constants';
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

export const hostApplicationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  status: z.enum(HOST_APPLICATION_STATUSES),
  isArchived: z.boolean(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  city: z.string(),
  state: z.string(),
  type: z.enum(HOST_APPLICATION_TYPES),
  reason: z.string(),
  createdAt: z.string(),
  didHavePhoneCall: z.boolean(),
  didSignAgreement: z.boolean(),
  didGiveAdditionalInfo: z.boolean(),
});
export type HostApplication = z.infer<typeof hostApplicationSchema>;
