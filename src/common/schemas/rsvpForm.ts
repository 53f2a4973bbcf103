// "I'm going" (issue 33): what the RSVP form sends and checks. The form and
// POST /api/chapter_event/slug/{slug}/dates/{date}/rsvp use the same rules; the server also
// checks guests against the event's own maxGuests. No answer schema lives here (rsvps.ts).
import { z } from 'zod';
import { mailingEmailSchema } from './mailingEmail';

export const RSVP_MESSAGES = {
  name: 'Please give your name',
  nameLong: 'Keep your name under 100 characters',
  guests: 'Choose how many guests you bring',
} as const;

/** The most guests any event lets one RSVP bring (an event's maxGuests is 0 to this). */
export const MAX_GUESTS_LIMIT = 10;
/** An event's capacity, when it has one. */
export const MAX_CAPACITY = 10_000;

export const rsvpRequestSchema = z.object({
  /** Ignored for a signed-in user: their account's name is used. */
  name: z.string().trim().max(100, RSVP_MESSAGES.nameLong).default(''),
  /** Ignored for a signed-in user: their account's email is used. */
  email: mailingEmailSchema.optional(),
  guests: z
    .number()
    .int()
    .min(0, RSVP_MESSAGES.guests)
    .max(MAX_GUESTS_LIMIT, RSVP_MESSAGES.guests)
    .default(0),
  /** Also join the chapter's mailing list (a confirmed sign-up, as the sign-up box makes). */
  joinList: z.boolean().default(false),
});
export type RsvpRequest = z.input<typeof rsvpRequestSchema>;

/** POST /api/my/rsvps/{id}/guests: a signed-in user's new number of guests for their RSVP. */
export const guestsChangeSchema = z.object({
  guests: z.number().int().min(0, RSVP_MESSAGES.guests).max(MAX_GUESTS_LIMIT, RSVP_MESSAGES.guests),
});

/** The visitor's form: a name and an email are needed there. */
export const rsvpFormSchema = z.object({
  name: z.string().trim().min(1, RSVP_MESSAGES.name).max(100, RSVP_MESSAGES.nameLong),
  email: mailingEmailSchema,
  guests: z.number().int().min(0, RSVP_MESSAGES.guests).max(MAX_GUESTS_LIMIT, RSVP_MESSAGES.guests),
  joinList: z.boolean(),
});
export type RsvpForm = z.input<typeof rsvpFormSchema>;

/** POST /api/chapter_event/slug/{slug}/dates/{date}/attendance: who came, and walk-ins. */
export const attendanceRequestSchema = z.object({
  /** The ids of the RSVPs checked in at the door (any not listed are not checked in). */
  checkedIn: z.array(z.number().int().positive()).max(MAX_CAPACITY).default([]),
  walkIns: z.number().int().min(0).max(MAX_CAPACITY).default(0),
});
export type AttendanceRequest = z.input<typeof attendanceRequestSchema>;
