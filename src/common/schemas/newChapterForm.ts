// The Add Chapter form and POST /api/chapter/new (chapterCreate.ts), which check with the same
// schema. Apart from the postal code's answer (chapterCreate.ts, which passes this on) so the
// form's chunk holds no answer schema.
import { z } from 'zod';
import { chapterFieldsSchema } from './chapterFields';

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
