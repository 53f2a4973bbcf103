// Chapter Settings and Page Content (spec 2 §2, §5): POST /api/chapter saves any of these fields
// of one chapter. Who may change which field is policy.ts's CHAPTER_FIELD_ACCESS; the server
// refuses, field by field, a change the caller may not make.
import { z } from 'zod';
import { dbId, listIdSchema } from './ids';
import { CHAPTER_STATUS, CHAPTER_TYPES, SETTINGS_CHAPTER_TYPE_IDS } from '../constants';
import { isStateAbbr } from '../states';

export const CHAPTER_SETTINGS_MESSAGES = {
  title: 'Title is Required',
  slug: 'Slug is Required',
  city: 'City is Required',
  postalCode: 'Postal Code is Required',
  country: 'Country is Required',
  emailAlias: 'Email List Alias is Required',
  brontoListName: 'List Name is Required',
  sendInBlueListId: 'SendInBlue Id is Required',
  notFieldOrganizer: 'You must be a Field Organizer or Admin to save changes to Chapter Settings',
} as const;

const M = CHAPTER_SETTINGS_MESSAGES;
const required = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

/** The slug hint's rule: used for URL paths, no spaces, all lowercase. */
export const chapterSlugSchema = required(M.slug).regex(
  /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
  'Use lowercase letters, numbers and dashes only, no spaces',
);

/** An email alias is the part before the @: letters, numbers, dots, dashes. */
export const emailAliasSchema = required(M.emailAlias, 64).regex(
  /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i,
  'Use letters, numbers, dots and dashes only',
);

/** Every editable field; the settings form and Page Content each send the ones they edit. */
export const chapterFieldsSchema = z.object({
  title: required(M.title),
  slug: chapterSlugSchema,
  city: required(M.city, 100),
  state: z
    .string()
    .refine((s): boolean => isStateAbbr(s), 'Choose a state from the list')
    .transform((s) => s.toUpperCase()),
  postalCode: required(M.postalCode, 20),
  country: required(M.country, 60),
  chapterTypeId: z
    .number()
    .int()
    .refine(
      (id) => (SETTINGS_CHAPTER_TYPE_IDS as readonly number[]).includes(id),
      'Choose Drinking, Dining, Laughing or Reading',
    ),
  status: z.union([z.literal(CHAPTER_STATUS.active), z.literal(CHAPTER_STATUS.hidden)]),
  emailAlias: emailAliasSchema,
  brontoListName: required(M.brontoListName),
  brontoListId: listIdSchema,
  sendInBlueListId: listIdSchema,
  /** Rich text; sanitized by the server before it is stored. */
  about: z.string().max(200_000),
});
export type ChapterFields = z.infer<typeof chapterFieldsSchema>;
export type ChapterField = keyof ChapterFields;

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
 * the Settings radio offers, and a list name cannot be blanked. Each gives the field's 400
 * message, or null when the new value is fine.
 */
export const CHANGE_RULES = {
  chapterTypeId: (id: number) =>
    chapterFieldsSchema.shape.chapterTypeId.safeParse(id).success
      ? null
      : 'Choose Drinking, Dining, Laughing or Reading',
  brontoListName: (name: string) => (name === '' ? M.brontoListName : null),
} as const;
