// Add Chapter (spec 2 §2 Editor screens, §4, §5): POST /api/chapter/new, admins only. The new
// chapter starts hidden (status 0). With `chapterHostApplicationSlug` it is made from that open
// application: in one transaction the chapter is created, the application set to approved (and
// linked to it), and the applicant made its chapter host (role 3). An application already
// decided is a 409 whose message is APPLICATION_DECIDED_MESSAGES[status].
import { z } from 'zod';
import { chapterFieldsSchema } from './chapterSettings';

const fields = chapterFieldsSchema.pick({
  title: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
});

export const newChapterRequestSchema = fields.extend({
  /** Rich text; sanitized by the server. */
  about: z.string().max(200_000).default(''),
  /**
   * Optional: one of the Settings radio's types (1, 5, 4, 6). Unset: the application's type
   * (drinking 1, dining 5, laughing 4), or Drinking.
   */
  chapterTypeId: chapterFieldsSchema.shape.chapterTypeId.optional(),
  chapterHostApplicationSlug: z.string().min(1).max(300).optional(),
});
export type NewChapterRequest = z.input<typeof newChapterRequestSchema>;
// The answer is the new chapter as GET /api/chapter/id/{id} gives it (chapterSchema); its slug
// is made from the title (or city), with -2, -3... when taken.
