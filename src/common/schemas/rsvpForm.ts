// The "I'm going" form (issue 33): what a visitor gives to RSVP to one date of an event. The
// form and POST /api/chapter_event/slug/{slug}/dates/{date}/rsvp check the same rules; the
// guests' ceiling is the event's own (maxGuests), so the form's schema is made for the event.
import { z } from 'zod';

export const RSVP_MESSAGES = {
  name: 'Please give your name',
  nameLength: 'Keep your name under 100 characters',
  email: 'Please give a valid email address',
  guests: (max: number) =>
    max === 0 ? 'This event takes no guests' : `Bring at most ${max} guest${max === 1 ? '' : 's'}`,
} as const;

/** When an event names no ceiling on guests. */
export const DEFAULT_MAX_GUESTS = 2;
/** The ceilings a host may set on an event (issue 33): people and guests per RSVP. */
export const RSVP_LIMITS = { capacityMax: 10_000, maxGuestsMax: 10 } as const;

export function rsvpRequestSchema(maxGuests: number) {
  return z.object({
    name: z.string().trim().min(1, RSVP_MESSAGES.name).max(100, RSVP_MESSAGES.nameLength),
    email: z.email(RSVP_MESSAGES.email).max(254, RSVP_MESSAGES.email),
    guests: z
      .number(RSVP_MESSAGES.guests(maxGuests))
      .int()
      .min(0, RSVP_MESSAGES.guests(maxGuests))
      .max(maxGuests, RSVP_MESSAGES.guests(maxGuests)),
    joinList: z.boolean(),
  });
}
export type RsvpRequest = z.output<ReturnType<typeof rsvpRequestSchema>>;
export type RsvpFormValues = z.input<ReturnType<typeof rsvpRequestSchema>>;
