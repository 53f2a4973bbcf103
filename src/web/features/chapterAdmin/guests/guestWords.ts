import { dateWithWeekday, timeRangeText } from '../../../../common/eventSchedule';
import type { GuestList } from '../../../../common/schemas/rsvps';

type Guest = GuestList['guests'][number];

export const STATUS_WORDS: Record<Guest['status'], string> = {
  going: 'Going',
  waitlisted: 'Waitlist',
  unconfirmed: 'Not confirmed',
  cancelled: 'Cancelled',
};

/** 'Thu, Dec 24, 2026 · 6:00–8:00pm': when the date meets (a moved one: its new day). */
export const dateLine = (d: GuestList['date']) =>
  `${dateWithWeekday(d.meetsOn)} · ${timeRangeText(d.startTime, d.endTime)}`;

/** '12 going · 2 on the waitlist · capacity 40' (or 'no cap'). */
export function countsLine(list: Pick<GuestList, 'going' | 'waitlisted' | 'capacity'>): string {
  const cap = list.capacity === null ? 'no cap' : `capacity ${list.capacity}`;
  return `${list.going} going · ${list.waitlisted} on the waitlist · ${cap}`;
}

/** People an RSVP stands for: the person and their guests. */
export const people = (g: Pick<Guest, 'guests'>) => 1 + g.guests;
