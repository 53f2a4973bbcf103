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

/**
 * A place filled in on the application from its address (issue 35: a search far from every
 * chapter offers to start one there): `?city=Nashville&state=TN`. Each is checked as the form
 * checks it; one that would not pass is left out, so the visitor types it instead.
 */
const prefillSchema = z.object({
  city: z.string().trim().min(1).max(200).optional().catch(undefined),
  state: z
    .string()
    .refine(isStateAbbr)
    .transform((s) => s.toUpperCase())
    .optional()
    .catch(undefined),
});
export type ApplicationPrefill = z.output<typeof prefillSchema>;

export function applicationPrefill(search: URLSearchParams): ApplicationPrefill {
  return prefillSchema.parse({
    city: search.get('city') ?? undefined,
    state: search.get('state') ?? undefined,
  });
}

/** The application's address with a place filled in. */
export function startChapterPath(place: ApplicationPrefill): string {
  const query = new URLSearchParams();
  if (place.city) query.set('city', place.city);
  if (place.state) query.set('state', place.state);
  const q = query.toString();
  return q ? `/start_chapter?${q}` : '/start_chapter';
}
