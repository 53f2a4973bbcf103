// An imported field must pass the rule the site's own save applies to it: the importer checks
// with the very schemas the routes use, so nothing comes over that a host or an admin could not
// have saved here (a `javascript:` press link, say). What fails is skipped, with the field and
// the save's message in the report.
import type { z } from 'zod';
import { chapterLinksSaveSchema, pressMentionSaveSchema } from '../../../common/schemas/chapters';
import { SkipError } from './context';

/** Throws SkipError naming the field and the save's message when `schema` refuses `value`. */
export function checkAsSaved<S extends z.ZodType>(schema: S, value: z.input<S>): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'value';
  throw new SkipError(`${field} refused, as a save here would: ${issue.message}`);
}

/** POST /api/press_mention/'s rules. */
export const pressSaveRules = pressMentionSaveSchema;

/** One row of POST /api/chapter_link/chapter/{id}'s list. */
export const linkSaveRules = chapterLinksSaveSchema.shape.links.element;
