// An imported field must pass the rule the site's own save applies to it: the importer checks
// with the very schemas the routes use, so nothing comes over that a host or an admin could not
// have saved here (a `javascript:` press link, an over-long title, an event at 19:07). What fails
// is skipped, with the field and the save's message in the report; rich text is sanitized as
// every save sanitizes it. Two things the original held only as a hint are not the save's rule
// here (docs/decisions/02-operation.md "The importer does not trust the original"): slugs, which
// may have capitals and dashes (slugRules bounds them instead), and a chapter's status,
// which may be any number (anything but 1 reads as hidden).
import { z } from 'zod';
import { emailChangeRequestSchema } from '../../../common/schemas/authForms';
import { chapterLinksSaveSchema, pressMentionSaveSchema } from '../../../common/schemas/chapters';
import { hostApplicationRequestSchema } from '../../../common/schemas/applicationForm';
import { chapterSaveRequestSchema } from '../../../common/schemas/chapterSettings';
import { frontPageSaveSchema } from '../../../common/schemas/frontPageForm';
import { noteTextSchema } from '../../../common/schemas/noteRequests';
import { blogPostSaveSchema } from '../../../common/schemas/content';
import { eventSaveRequestSchema } from '../../../common/schemas/events';
import { sanitizeRichText } from '../../core/sanitize';
import { SkipError } from './context';

/** The save's message for `value`, naming the field, or null when the save would take it. */
export function refusal<S extends z.ZodType>(schema: S, value: z.input<S>): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'value';
  return `${field} refused, as a save here would: ${issue.message}`;
}

/** Throws SkipError naming the field and the save's message when `schema` refuses `value`. */
export function checkAsSaved<S extends z.ZodType>(schema: S, value: z.input<S>): void {
  const refused = refusal(schema, value);
  if (refused !== null) throw new SkipError(refused);
}

/** Rich text as a save stores it, once it is within the save's length. */
export function sanitizedAsSaved(field: string, html: string, max: number): string {
  checkAsSaved(z.object({ [field]: z.string().max(max) }), { [field]: html });
  return sanitizeRichText(html);
}

/**
 * A slug comes over as the original has it, so its old addresses keep working; but only one
 * every address here can carry: at most 300 characters (what each slug parameter takes), of
 * letters, digits, dashes and underscores (nothing a path or a query would read otherwise).
 */
export const slugRules = z.object({
  slug: z
    .string()
    .max(300, 'At most 300 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Only letters, numbers, dashes and underscores'),
});

/** POST /api/press_mention/'s rules. */
export const pressSaveRules = pressMentionSaveSchema;

/** One row of POST /api/chapter_link/chapter/{id}'s list. */
export const linkSaveRules = chapterLinksSaveSchema.shape.links.element;

/** POST /api/chapter's rules, for the fields it sends (slug and status: see above). */
export const chapterSaveRules = chapterSaveRequestSchema.omit({
  id: true,
  slug: true,
  status: true,
  about: true,
});

/** POST /api/chapter_event's rules. */
export const eventSaveRules = eventSaveRequestSchema;

/** POST /api/blog_post's, /api/page's and /api/wiki_page's rules (their fields are the same). */
const contentSaveRules = blogPostSaveSchema.pick({ title: true });
const CONTENT_BODY_MAX = blogPostSaveSchema.shape.body.unwrap().maxLength ?? 1_000_000;

/**
 * A post, page or wiki page as those saves take it (chapter posts, which have no save here, by
 * the blog's rules): its slug bounded, its title required and within length, its body sanitized.
 */
export function contentAsSaved(item: { slug: string; title: string; body: string }) {
  checkAsSaved(slugRules, { slug: item.slug });
  checkAsSaved(contentSaveRules, { title: item.title });
  return { title: item.title, body: sanitizedAsSaved('body', item.body, CONTENT_BODY_MAX) };
}

/** The address rule of sign-up and of an email change. */
export const userEmailRules = emailChangeRequestSchema;

/** POST /api/chapter_note's and the user notes' rule for the text. */
export const noteSaveRules = z.object({ note: noteTextSchema });

/** POST /api/chapter_host_application's rules (the state as the importer maps it, apart). */
export const applicationSaveRules = hostApplicationRequestSchema.omit({ state: true }).partial();

/** POST /api/front_page's rule: the call-out image's link. */
export const frontPageSaveRules = frontPageSaveSchema;

/**
 * A required text the original left blank (its forms checked only in the browser) is not sent
 * to the check, and stays blank: a chapter with no postal code is still a chapter, and its form
 * asks for one. A text that is there must be one the save takes.
 */
export const unlessBlank = (value: string) => (value.trim() === '' ? undefined : value);
