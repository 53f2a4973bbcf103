// The page a scheduled message's links open (issue 34): /going/{token}, where the list's
// reminder says "I'm going" and the reminder to those going says "cancel". GET shows; only the
// page's button (POST) records anything, since mail scanners follow links.
import { z } from 'zod';

export const goingTokenParamsSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{32}$/, 'Not a valid link'),
});

export const goingRequestSchema = z.object({
  /** true: I'm going; false: I'm not (cancels an RSVP). */
  going: z.boolean(),
});
export type GoingRequest = z.infer<typeof goingRequestSchema>;

export const goingPageSchema = z.object({
  chapterTitle: z.string(),
  chapterPath: z.string(),
  eventName: z.string(),
  eventPath: z.string(),
  /** 'Thursday, March 6, 6–8pm' and the place in one line. */
  when: z.string(),
  place: z.string(),
  /** The address the message went to: whose RSVP the button records. */
  email: z.string(),
  status: z.enum(['unconfirmed', 'going', 'waitlisted', 'cancelled']).nullable(),
  /** On the waitlist: the place in the line. */
  position: z.number().int().nullable(),
  /** False once the meeting is off or over: nothing can be recorded. */
  open: z.boolean(),
  /** Why not open, in a sentence. */
  closedReason: z.string().nullable(),
});
export type GoingPage = z.infer<typeof goingPageSchema>;
