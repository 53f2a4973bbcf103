// Add Chapter (spec 2 §2 Editor screens, §4, §5): POST /api/chapter/new, admins only. The new
// chapter starts hidden (status 0). With `chapterHostApplicationSlug` it is made from that open
// application: in one transaction the chapter is created, the application set to approved (and
// linked to it), and the applicant made its chapter host (role 3). An application already
// decided is a 409 whose message is APPLICATION_DECIDED_MESSAGES[status].
import { z } from 'zod';

// The request, which the Add Chapter form checks too, lives in newChapterForm.ts.
export { newChapterRequestSchema, type NewChapterRequest } from './newChapterForm';

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
