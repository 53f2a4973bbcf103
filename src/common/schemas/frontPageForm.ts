// Where the front page's call-out links (spec 2 §2 /admin/settings): the admins' form and the
// server's route check with the same schema. Apart from the settings' answers (settings.ts,
// which passes it on) so the form's chunk holds no answer schema.
import { z } from 'zod';

/** POST /api/front_page (admins): where the call-out image links. Answers GET's shape. */
export const frontPageSaveSchema = z.object({
  imageLinkURL: z
    .string()
    .trim()
    .min(1, 'Link URL is Required')
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http(s)://' })),
});
export type FrontPageSave = z.input<typeof frontPageSaveSchema>;
