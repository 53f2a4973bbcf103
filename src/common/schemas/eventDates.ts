// An event's own page and its dates: the schedule in words, the coming dates with any a host
// skipped or moved, and the calls with which a host skips, moves and restores one date.
import { z } from 'zod';
import { HALF_HOUR_TIMES } from '../format';
import { chapterRefSchema } from './chapterRef';
import { chapterEventSchema, chapterTypeSchema } from './chapters';
import { isoDateSchema } from './events';

export const DATE_CHANGE_MESSAGES = {
  time: 'Choose a time from the list',
  note: 'Keep the note under 200 characters',
} as const;

const M = DATE_CHANGE_MESSAGES;
const TIMES = new Set(HALF_HOUR_TIMES.map((t) => t.value));
const time = z.string().refine((t) => TIMES.has(t), M.time);
const dateField = isoDateSchema;
const note = z.string().trim().max(200, M.note).default('');

/** One date the rule gives and what happens on it (common/eventSchedule.ts ScheduledDate). */
export const scheduledDateSchema = z.object({
  /** 'YYYY-MM-DD': the date the rule gives, local to the chapter. */
  date: z.string(),
  status: z.enum(['scheduled', 'cancelled', 'moved']),
  /** When it meets (cancelled: when it would have). */
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** The local date it meets on: `date`, or the one it moved to. */
  meetsOn: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  note: z.string(),
  /** On the event page: people going (RSVPs, guests included; issue 33). */
  going: z.number().int().optional(),
});
export type ScheduledDateAnswer = z.infer<typeof scheduledDateSchema>;

/** GET /api/chapter_event/slug/{slug}/page: everything the event's public page shows. */
export const eventPageSchema = chapterEventSchema.extend({
  chapter: chapterRefSchema.extend({
    chapterTypeId: z.number().int(),
    chapter_type: chapterTypeSchema,
  }),
  /** The IANA zone its times are in: the chapter's. */
  timeZone: z.string(),
  /** 'First and third Wednesday of the month, 6:30–8:30pm'. */
  schedule: z.string(),
  /** Its next dates, skipped ones included with their notes. */
  dates: z.array(scheduledDateSchema),
});
export type EventPage = z.infer<typeof eventPageSchema>;

/** One event's coming dates for its hosts. */
export const eventDatesSchema = z.object({
  eventId: z.number().int(),
  slug: z.string(),
  dates: z.array(scheduledDateSchema),
});
export type EventDates = z.infer<typeof eventDatesSchema>;

/** GET /api/chapter_event/chapter/{chapterId}/dates: every event of the chapter, in id order. */
export const chapterEventDatesSchema = z.array(eventDatesSchema);

/** The date in a path: /api/chapter_event/slug/{slug}/dates/{date}. */
export const dateChangeParamsSchema = z.object({
  slug: z.string().min(1).max(300),
  date: dateField,
});

/**
 * PUT /api/chapter_event/slug/{slug}/dates/{date}: skip that date (status 'cancelled') or move
 * it to another date and time ('moved'), with an optional note for visitors. Answers the
 * event's dates. DELETE on the same path restores the date as its rule has it.
 */
export const dateChangeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('cancelled'), note }),
  z.object({
    status: z.literal('moved'),
    note,
    movedTo: z.object({ date: dateField, startTime: time, endTime: time }),
  }),
]);
export type DateChange = z.input<typeof dateChangeSchema>;
