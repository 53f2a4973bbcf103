// "I'm going" (issue 33): the answers of the RSVP calls. What the public sees is counts of
// people only (guests included, confirmed RSVPs only), never a name (docs/decisions/21-rsvps.md).
import { z } from 'zod';
import { chapterRefSchema } from './chapterRef';

export const rsvpStatusSchema = z.enum(['unconfirmed', 'going', 'waitlisted', 'cancelled']);
export type RsvpStatusAnswer = z.infer<typeof rsvpStatusSchema>;

/**
 * POST .../dates/{date}/rsvp. A visitor is always told 'unconfirmed' (a mail went, or is held
 * back by the per-address limit: the answer is the same), whatever the address had before; a
 * signed-in user is told 'going' or 'waitlisted' with their place in the line.
 */
export const rsvpAnswerSchema = z.object({
  status: rsvpStatusSchema,
  /** On the waitlist: 1 is next to move up. */
  position: z.number().int().positive().optional(),
  /**
   * A signed-in user's RSVP: the date's counts as it left them (read under the date's lock), so
   * the page shows the reader counted at once whatever its cached answers say.
   */
  counts: z
    .object({
      going: z.number().int().nonnegative(),
      waitlisted: z.number().int().nonnegative(),
      capacity: z.number().int().nullable(),
    })
    .optional(),
});
export type RsvpAnswer = z.infer<typeof rsvpAnswerSchema>;

/** GET .../dates/{date}/rsvp (public): people going and waiting, and the cap (null: none). */
export const rsvpCountsSchema = z.object({
  going: z.number().int().nonnegative(),
  waitlisted: z.number().int().nonnegative(),
  capacity: z.number().int().nullable(),
});
export type RsvpCounts = z.infer<typeof rsvpCountsSchema>;

/** The date of an RSVP as its page shows it. */
export const rsvpDateSchema = z.object({
  /** The date the event's rule gives (the RSVP's date in every path). */
  date: z.string(),
  /** 'scheduled', 'cancelled' (the host skipped it) or 'moved' (see meetsOn and the times). */
  status: z.enum(['scheduled', 'cancelled', 'moved']),
  meetsOn: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  timeZone: z.string(),
  note: z.string(),
  /** The meeting has ended: nothing more can be changed. */
  past: z.boolean(),
});

/** GET /api/rsvp/{token}, and the answer of its confirm and cancel. */
export const rsvpPageSchema = z.object({
  status: rsvpStatusSchema,
  position: z.number().int().positive().nullable(),
  name: z.string(),
  email: z.string(),
  guests: z.number().int(),
  /** A change sent from the form, waiting for this link to be followed (null: none). */
  pendingGuests: z.number().int().nullable(),
  date: rsvpDateSchema,
  event: z.object({
    slug: z.string(),
    name: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    maxGuests: z.number().int(),
  }),
  chapter: chapterRefSchema,
  counts: rsvpCountsSchema,
});
export type RsvpPage = z.infer<typeof rsvpPageSchema>;

/** One of a signed-in user's RSVPs (GET /api/my/rsvps), coming dates only. */
export const myRsvpSchema = z.object({
  id: z.number().int(),
  status: rsvpStatusSchema,
  position: z.number().int().positive().nullable(),
  guests: z.number().int(),
  date: rsvpDateSchema,
  event: z.object({
    slug: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
    /** The most guests one RSVP may bring (the guests' choice offers 0 to this). */
    maxGuests: z.number().int(),
  }),
  chapter: chapterRefSchema,
});
export const myRsvpsSchema = z.object({ rsvps: z.array(myRsvpSchema) });
export type MyRsvps = z.infer<typeof myRsvpsSchema>;

/** One RSVP on the host's guest list. */
export const guestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  guests: z.number().int(),
  status: rsvpStatusSchema,
  createdAt: z.iso.datetime(),
  checkedIn: z.boolean(),
  /** On the waitlist: its place in the line. */
  position: z.number().int().positive().nullable(),
});

/** GET .../dates/{date}/guests: the host's list, waitlist in its order after those going. */
export const guestListSchema = rsvpCountsSchema.extend({
  guests: z.array(guestSchema),
  /** Saved at the door (null: not yet). */
  attended: z.number().int().nullable(),
  walkIns: z.number().int(),
  date: rsvpDateSchema,
});
export type GuestList = z.infer<typeof guestListSchema>;

/** POST .../dates/{date}/attendance. */
export const attendanceAnswerSchema = z.object({ attended: z.number().int() });

/** GET /api/chapter_event/chapter/{chapterId}/rsvp_summary: each coming date's numbers. */
export const rsvpSummarySchema = z.object({
  dates: z.array(
    rsvpCountsSchema.extend({
      slug: z.string(),
      eventName: z.string(),
      date: rsvpDateSchema,
      attended: z.number().int().nullable(),
    }),
  ),
});
export type RsvpSummary = z.infer<typeof rsvpSummarySchema>;

/**
 * GET /api/chapter_event/chapter/{chapterId}/attendance_history: the chapter's last six
 * meetings, latest first: people going and people counted at the door (null: not counted).
 */
export const attendanceHistorySchema = z.object({
  meetings: z.array(
    z.object({
      slug: z.string(),
      eventName: z.string(),
      date: rsvpDateSchema,
      going: z.number().int(),
      attended: z.number().int().nullable(),
    }),
  ),
});
export type AttendanceHistory = z.infer<typeof attendanceHistorySchema>;
