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

/**
 * GET /api/geocode/postal_code?city=&state= (admins): a US city's ZIP from the gazetteer, which
 * the Add Chapter form offers for a chapter made from an application (it asks for no postal
 * code). 404 when the gazetteer does not know the city in that state.
 */
export const postalCodeAnswerSchema = z.object({
  postalCode: z.string(),
  /** The place the code is of, as the gazetteer names it: 'Berkeley, CA'. */
  label: z.string(),
});
export type PostalCodeAnswer = z.infer<typeof postalCodeAnswerSchema>;
