// "12 going" on the chapter page's coming meetings and the state page's cards (issue 33): the
// people going to each meeting, read in one query. RSVPs are kept under the date the event's
// rule gives, so a moved meeting is looked up by the date it moved from.
import type { NextEvent, UpcomingDate } from '../../../common/schemas/chapters';
import type { DbOrTx } from '../../core/database';
import type { ExceptionsByEvent } from '../../core/exceptions';
import { countsByDate, dateKey } from '../../core/rsvpCounts';

interface Meeting {
  eventId: number;
  /** The date the rule gives. */
  ruleDate: string;
}

async function goingOf(db: DbOrTx, meetings: readonly Meeting[]) {
  const counts = await countsByDate(
    db,
    meetings.map((m) => m.eventId),
    meetings.map((m) => m.ruleDate),
  );
  return (m: Meeting) => counts.get(dateKey(m.eventId, m.ruleDate))?.going ?? 0;
}

/** The coming meetings with the people going to each. */
export async function upcomingWithGoing(
  db: DbOrTx,
  upcoming: UpcomingDate[],
): Promise<UpcomingDate[]> {
  const meeting = (u: UpcomingDate) => ({ eventId: u.eventId, ruleDate: u.movedFrom ?? u.date });
  const going = await goingOf(db, upcoming.map(meeting));
  return upcoming.map((u) => ({ ...u, going: going(meeting(u)) }));
}

/** Each item's next meeting with the people going to it. */
export async function nextEventsWithGoing<T extends { nextEvent: NextEvent | null }>(
  db: DbOrTx,
  items: T[],
  exceptions: ExceptionsByEvent,
): Promise<T[]> {
  const meeting = (n: NextEvent) => ({
    eventId: n.eventId,
    ruleDate: exceptions.get(n.eventId)?.find((x) => x.movedTo?.date === n.date)?.date ?? n.date,
  });
  const nexts = items.flatMap((i) => (i.nextEvent ? [i.nextEvent] : []));
  if (nexts.length === 0) return items;
  const going = await goingOf(db, nexts.map(meeting));
  return items.map((i) =>
    i.nextEvent ? { ...i, nextEvent: { ...i.nextEvent, going: going(meeting(i.nextEvent)) } } : i,
  );
}
