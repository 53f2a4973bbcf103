// What the server answers about RSVPs (issue 33): the public count of one date, the answer to an
// RSVP, an RSVP's own page (by its token), and the host's guest list with check-in.
import { z } from 'zod';
import { chapterRefSchema } from './chapterRef';
import { chapterTypeSchema } from './chapters';

/** GET .../dates/{date}/rsvp: people going (guests included, confirmed only); never names. */
export const rsvpCountSchema = z.object({
  going: z.number().int(),
  waitlisted: z.number().int(),
  capacity: z.number().int().nullable(),
});
export type RsvpCount = z.infer<typeof rsvpCountSchema>;

export const rsvpStatusSchema = z.enum(['unconfirmed', 'going', 'waitlisted', 'cancelled']);
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

/** POST .../dates/{date}/rsvp: a visitor's waits for the email; a signed-in user's counts at once. */
export const rsvpResultSchema = z.object({
  status: z.enum(['unconfirmed', 'going', 'waitlisted']),
  /** On the waitlist: the place in it, 1 being next. */
  position: z.number().int().nullish(),
});
export type RsvpResult = z.infer<typeof rsvpResultSchema>;

/** GET /api/rsvp/{token} (and the confirm and cancel that answer it again). */
export const rsvpPageSchema = z.object({
  status: rsvpStatusSchema,
  position: z.number().int().nullish(),
  name: z.string(),
  email: z.string(),
  guests: z.number().int(),
  /** The date the RSVP holds ('YYYY-MM-DD' of the rule) and where it meets now. */
  date: z.string(),
  dateStatus: z.enum(['scheduled', 'cancelled', 'moved']),
  meetsOn: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  event: z.object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  chapter: chapterRefSchema.extend({ chapter_type: chapterTypeSchema }),
});
export type RsvpPage = z.infer<typeof rsvpPageSchema>;

/** One person on a host's guest list. */
export const guestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  guests: z.number().int(),
  status: rsvpStatusSchema,
  createdAt: z.string(),
  checkedIn: z.boolean(),
});
export type Guest = z.infer<typeof guestSchema>;

/** GET .../dates/{date}/guests: the host's list; attended is null until check-in is saved. */
export const guestListSchema = z.object({
  guests: z.array(guestSchema),
  going: z.number().int(),
  waitlisted: z.number().int(),
  capacity: z.number().int().nullable(),
  attended: z.number().int().nullable(),
});
export type GuestList = z.infer<typeof guestListSchema>;

/** POST .../dates/{date}/attendance. */
export const attendanceAnswerSchema = z.object({ attended: z.number().int() });

/** A signed-in user's coming RSVPs, for My Chapters. */
export const myRsvpSchema = z.object({
  status: rsvpStatusSchema,
  position: z.number().int().nullish(),
  guests: z.number().int(),
  date: z.string(),
  meetsOn: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  event: z.object({ slug: z.string(), name: z.string() }),
  chapter: chapterRefSchema,
});
export const myRsvpListSchema = z.array(myRsvpSchema);
export type MyRsvp = z.infer<typeof myRsvpSchema>;
