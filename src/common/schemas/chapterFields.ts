// A chapter's editable fields and their rules (spec 2 §2 Chapter Settings, §5), which the
// Settings and Add Chapter forms check in the browser as the server does. Apart from what only
// the server reads (chapterSettings.ts's save request and change rules, which passes these on).
import { z } from 'zod';
import { listIdSchema } from './ids';
import { CHAPTER_STATUS, SETTINGS_CHAPTER_TYPE_IDS } from '../constants';
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

const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * Email that goes by itself (issue 34): the list's reminder so many days before each meeting
 * (0: none) at an hour of the chapter's day; the reminder to those going and the hosts' digest
 * so many hours before the start (0: none).
 */
export const REMINDER_LIMITS = {
  reminderDaysBefore: { min: 0, max: 14, default: 3 },
  reminderHour: { min: 0, max: 23, default: 10 },
  rsvpReminderHours: { min: 0, max: 72, default: 24 },
  hostDigestHours: { min: 0, max: 72, default: 24 },
} as const;
export const reminderFields = {
  reminderDaysBefore: whole(0, 14, 'Choose 0 (no reminder) to 14 days'),
  reminderHour: whole(0, 23, 'Choose an hour from 0 to 23'),
  rsvpReminderHours: whole(0, 72, 'Choose 0 (none) to 72 hours'),
  hostDigestHours: whole(0, 72, 'Choose 0 (none) to 72 hours'),
};

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
      'Choose one of the six chapter types',
    ),
  status: z.union([z.literal(CHAPTER_STATUS.active), z.literal(CHAPTER_STATUS.hidden)]),
  emailAlias: emailAliasSchema,
  brontoListName: required(M.brontoListName),
  brontoListId: listIdSchema,
  sendInBlueListId: listIdSchema,
  /** Rich text; sanitized by the server before it is stored. */
  about: z.string().max(200_000),
  ...reminderFields,
});
export type ChapterFields = z.infer<typeof chapterFieldsSchema>;
export type ChapterField = keyof ChapterFields;
