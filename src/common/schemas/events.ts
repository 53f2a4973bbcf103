// Saving an event (spec 2 §2 Events, §5): the Add/Edit Event form and POST /api/chapter_event
// check the same rules. Coordinates are the server's business: it geocodes the address.
import { z } from 'zod';
import { dbId } from './ids';
import { HALF_HOUR_TIMES } from '../format';

export const EVENT_MESSAGES = {
  name: 'Name is Required',
  address1: 'Address is Required',
  city: 'City is Required',
  singleDate: 'Choose the date (YYYY-MM-DD)',
  weeks: 'Choose at least one week',
  time: 'Choose a time from the list',
  capacity: 'Capacity is a number from 1 to 10,000, or empty for no cap',
  maxGuests: 'Guests per RSVP is a number from 0 to 10',
} as const;

const M = EVENT_MESSAGES;
const TIMES = new Set(HALF_HOUR_TIMES.map((t) => t.value));
const time = z.string().refine((t) => TIMES.has(t), M.time);
const optionalText = (max: number) => z.string().trim().max(max).default('');

/** 'YYYY-MM-DD' naming a real day. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.singleDate)
  .refine((d) => {
    const date = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(d);
  }, M.singleDate);

const eventFields = {
  name: z.string().trim().min(1, M.name).max(200),
  description: optionalText(5000),
  address1: z.string().trim().min(1, M.address1).max(200),
  address2: optionalText(200),
  city: z.string().trim().min(1, M.city).max(100),
  state: optionalText(3),
  postalCode: optionalText(20),
  country: z.string().trim().max(60).default('US'),
  startTime: time,
  endTime: time,
  isSingleDate: z.boolean(),
  singleDate: z.string().nullish(),
  dayOfWeekIndex: z.number().int().min(0).max(6),
  /** Recurrence options (0-7), comma-joined: '1,3' is the first and third week. */
  weeksOfMonthIndexes: z
    .string()
    .regex(/^[0-7](,[0-7])*$/, M.weeks)
    .default('0'),
  /** RSVPs past this many people (guests included) join the waitlist; null: no cap. */
  capacity: z.number().int().min(1, M.capacity).max(10_000, M.capacity).nullable().default(null),
  /** How many guests one RSVP may bring. */
  maxGuests: z.number().int().min(0, M.maxGuests).max(10, M.maxGuests).default(2),
};

/** A single-date event needs its date; a repeating one its weeks. */
function checkDate(
  event: { isSingleDate: boolean; singleDate?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (event.isSingleDate && !isoDateSchema.safeParse(event.singleDate ?? '').success) {
    ctx.addIssue({ code: 'custom', path: ['singleDate'], message: M.singleDate });
  }
}

/**
 * POST /api/chapter_event: a new event (no slug) or the event with that slug, of the chapter
 * `chapterId`. Answers the saved event.
 */
export const eventSaveRequestSchema = z
  .object({
    ...eventFields,
    chapterId: dbId,
    slug: z.string().min(1).max(300).optional(),
    id: dbId.optional(),
  })
  .superRefine(checkDate);
export type EventSaveRequest = z.input<typeof eventSaveRequestSchema>;

/** The form keeps the weeks as a list of checked options; it joins them to save. */
export const eventFormSchema = z
  .object({
    ...eventFields,
    weeksOfMonthIndexes: z.undefined().optional(),
    weeksOfMonthIndexesArray: z.array(z.string()).default([]),
  })
  .superRefine((event, ctx) => {
    checkDate(event, ctx);
    if (!event.isSingleDate && event.weeksOfMonthIndexesArray.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weeksOfMonthIndexesArray'], message: M.weeks });
    }
  });
export type EventForm = z.input<typeof eventFormSchema>;
