import type { RsvpAnswer, RsvpStatusAnswer as RsvpStatus } from '../../../common/schemas/rsvps';

/** What an RSVP's status means to the person who made it, in one line. */
export function statusText(status: RsvpStatus, position?: number | null): string {
  switch (status) {
    case 'unconfirmed':
      return 'Check your email to confirm';
    case 'going':
      return 'You’re going';
    case 'waitlisted':
      return position ? `You’re on the waitlist, number ${position}` : 'You’re on the waitlist';
    case 'cancelled':
      return 'You cancelled this RSVP';
  }
}

export const resultText = (r: RsvpAnswer) => statusText(r.status, r.position);
