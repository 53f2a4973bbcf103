// Chapter Settings and Page Content (spec 2 §2, §5): POST /api/chapter saves any of these fields
// of one chapter. Who may change which field is policy.ts's CHAPTER_FIELD_ACCESS; the server
// refuses, field by field, a change the caller may not make.
import { z } from 'zod';
import { CHAPTER_SETTINGS_MESSAGES as M, chapterFieldsSchema } from './chapterFields';
import { dbId } from './ids';
import { CHAPTER_TYPES } from '../constants';
import { isReservedChapterSlug, RESERVED_SLUG_MESSAGE } from '../reservedSlugs';

// The fields and their rules, which the forms check too, live in chapterFields.ts.
export {
  CHAPTER_SETTINGS_MESSAGES,
  chapterFieldsSchema,
  chapterSlugSchema,
  emailAliasSchema,
  type ChapterField,
  type ChapterFields,
} from './chapterFields';

/** POST /api/chapter: the chapter's id and any of its fields. Answers the saved chapter. */
export const chapterSaveRequestSchema = chapterFieldsSchema.partial().extend({
  id: dbId,
  // A form may post the whole chapter back, so two fields accept what a chapter may already
  // hold: any of the six types (Screening and Living are not on the radio) and an empty list
  // name. The server refuses them only as changes (chapters/save.ts, CHANGE_RULES below).
  chapterTypeId: z
    .number()
    .int()
    .refine((id) => CHAPTER_TYPES.some((t) => t.id === id), 'Unknown chapter type')
    .optional(),
  brontoListName: z.string().trim().max(200).optional(),
});
export type ChapterSaveRequest = z.infer<typeof chapterSaveRequestSchema>;

/**
 * What the request schema lets through unchanged but not as a change: a new type must be one
 * the Settings radio offers, a list name cannot be blanked, and a slug cannot become a word the
 * site's addresses use (../reservedSlugs.ts). Each gives the field's 400
 * message, or null when the new value is fine.
 */
export const CHANGE_RULES = {
  chapterTypeId: (id: number) =>
    chapterFieldsSchema.shape.chapterTypeId.safeParse(id).success
      ? null
      : 'Choose one of the six chapter types',
  brontoListName: (name: string) => (name === '' ? M.brontoListName : null),
  // A chapter imported with such a slug keeps it (posting it back changes nothing).
  slug: (slug: string) => (isReservedChapterSlug(slug) ? RESERVED_SLUG_MESSAGE : null),
} as const;
