// Site-wide settings (spec 1 §3, spec 2 §3): the front page call-out and the email service.
import { z } from 'zod';
import { EMAIL_SERVICES } from '../constants';

/** GET /api/front_page. imageUrl is null when no call-out image has been uploaded. */
export const frontPageSchema = z.object({
  imageLinkURL: z.string(),
  imageUrl: z.string().nullable(),
});
export type FrontPage = z.infer<typeof frontPageSchema>;

/** GET /api/email_settings: which list-id field of a chapter names its mailing list. */
export const emailSettingsSchema = z.object({ serviceName: z.enum(EMAIL_SERVICES) });
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

// POST /api/front_page's schema, which the admins' form checks too, lives in frontPageForm.ts.
export { frontPageSaveSchema, type FrontPageSave } from './frontPageForm';

/**
 * POST /api/front_page_image (admins): multipart field `image`, re-encoded to JPEG like header
 * images. Answers { result: 'success' } (resultSchema); GET /api/front_page then names it.
 */

/** POST /api/email_settings (admins): answers the saved setting. */
export const emailSettingsSaveSchema = emailSettingsSchema;
export type EmailSettingsSave = z.infer<typeof emailSettingsSaveSchema>;
