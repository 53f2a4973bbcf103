// What other sites may ask of the network (issue 36): the events widget's list and oEmbed.
// The widget's attributes are the query's fields; each is checked here, in the browser as on the
// server, so a page that writes a wrong one gets "No upcoming meetings" and the API a 400 naming it.
import { z } from 'zod';
import { CHAPTER_TYPES } from '../constants';
import { isStateAbbr } from '../states';

/** The most dates one widget or frame shows. */
export const EMBED_LIMIT_MAX = 20;
/** What it shows without a `limit`. */
export const EMBED_LIMIT_DEFAULT = 5;

/** A chapter type by its word ("drinking") or its id ("1"), as a widget's `type` attribute. */
export const embedTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    const found = CHAPTER_TYPES.find((t) => t.name.toLowerCase() === v || String(t.id) === v);
    if (!found) {
      ctx.addIssue({
        code: 'custom',
        message: `Expected a chapter type: ${CHAPTER_TYPES.map((t) => t.name.toLowerCase()).join(', ')}`,
      });
      return z.NEVER;
    }
    return found.id as number;
  });

export const embedStateSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isStateAbbr, 'Expected a state abbreviation such as NY');

export const embedQuerySchema = z.object({
  chapter: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Expected a chapter slug such as upper-west-side')
    .optional(),
  state: embedStateSchema.optional(),
  type: embedTypeSchema.optional(),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, `Expected a whole number from 1 to ${EMBED_LIMIT_MAX}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= EMBED_LIMIT_MAX, `Expected 1 to ${EMBED_LIMIT_MAX}`)
    .optional(),
});
export type EmbedQuery = z.infer<typeof embedQuerySchema>;

/** One coming meeting, as the widget draws it. */
export const embedDateSchema = z.object({
  /** 'YYYY-MM-DD' and 'HH:MM' in the chapter's time zone: what its members read. */
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  start: z.iso.datetime(),
  timeZone: z.string(),
  /** A date the host moved: the day its rule gave. */
  movedFrom: z.string().optional(),
  chapter: z.object({
    title: z.string(),
    type: z.string(),
    color: z.string(),
    url: z.string(),
  }),
  place: z.string(),
  address: z.string(),
  /** People going, guests included; absent when nobody has said so. */
  going: z.number().int().optional(),
  url: z.string(),
});
export type EmbedDate = z.infer<typeof embedDateSchema>;

/** GET /api/embed/events. */
export const embedEventsSchema = z.object({
  /** What the list is of: "Drinking Liberally Upper West Side", "Living Liberally in New York". */
  title: z.string(),
  url: z.string(),
  dates: z.array(embedDateSchema),
});
export type EmbedEvents = z.infer<typeof embedEventsSchema>;
