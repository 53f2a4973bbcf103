// Chapter host applications (spec 1 §3, §5; spec 2 §3 ChapterHostApplication).
import { z } from 'zod';
import { HOST_APPLICATION_STATUSES, HOST_APPLICATION_TYPES } from '../constants';
import { hostApplicationRequestSchema } from './applicationForm';

// The application form's schema lives in applicationForm.ts, and the words for an application
// already decided in common/applicationMessages.ts, apart from the answers; passed on here for
// the server.
export { hostApplicationRequestSchema, type HostApplicationRequest } from './applicationForm';
export { APPLICATION_DECIDED_MESSAGES } from '../applicationMessages';

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
