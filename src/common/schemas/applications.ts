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

// ---------------------------------------------------------------- the admins' side (spec 2)

/**
 * POST /api/chapter_host_application, the whole application as GET answers it. Without `slug`
 * (or from anyone but an admin) it is a new application of the caller and only the four fields
 * above count. From an admin, with the `slug` of an existing application, it saves that
 * application's status, isArchived and the three yes/no toggles (what the applicant wrote is
 * kept as it is). Status moves from open to approved_without_creation or denied, and from any
 * status back to open; approved comes from POST /api/chapter/new (or back from open when a
 * chapter was already made from it). Any other move is a 409.
 */
export const hostApplicationSaveSchema = hostApplicationRequestSchema.extend({
  slug: z.string().min(1).max(300).optional(),
  status: z.enum(HOST_APPLICATION_STATUSES).optional(),
  isArchived: z.boolean().optional(),
  didHavePhoneCall: z.boolean().optional(),
  didSignAgreement: z.boolean().optional(),
  didGiveAdditionalInfo: z.boolean().optional(),
});
export type HostApplicationSave = z.input<typeof hostApplicationSaveSchema>;

/** GET /api/chapter_host_application (all, newest first) and .../user/{userId}. */
export const hostApplicationListSchema = z.array(hostApplicationSchema);

/**
 * Why an application cannot be made into a chapter (spec 2 §4): the add-chapter screen's alert
 * for an application already decided, and the message of POST /api/chapter/new's 409.
 */
export const APPLICATION_DECIDED_MESSAGES = {
  approved: 'This application has already been approved and added.',
  approved_without_creation:
    'This application has been approved, although no chapter has been created; eligible to be added to an existing chapter.',
  denied: 'This application has already been denied.',
} as const;
