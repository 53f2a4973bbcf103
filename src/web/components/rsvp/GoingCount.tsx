import { useRsvpCount, type EventDateRef } from './rsvpCalls';

/** What a page's own answer says of a date: people going, and the event's cap. */
export interface KnownCount {
  going: number | undefined;
  capacity: number | null | undefined;
}

/**
 * '12 going' (people, guests included, confirmed only) and a full date's waitlist, or nothing.
 * The count comes with the page's answer (as old as its cache at most, issue 33), so a page of
 * many dates makes no call per date; only without one is the date's own count asked for. After
 * the reader's own RSVP, the date's fresh count (useRsvp) takes its place.
 */
export function GoingCount({
  date,
  known,
  className = '',
}: {
  date: EventDateRef;
  known?: KnownCount;
  className?: string;
}) {
  const answered = known?.going !== undefined;
  const count = useRsvpCount(date, !answered);
  const going = count.data?.going ?? known?.going;
  const capacity = count.data ? count.data.capacity : (known?.capacity ?? null);
  // Loading, failed or nobody yet: the line says nothing rather than "0 going".
  if (going === undefined || going === 0) return null;
  const full = capacity !== null && going >= capacity;
  return (
    <span className={`going-count badge rounded-pill text-bg-light border ${className}`.trim()}>
      {going} going{full ? ' · full, waitlist open' : ''}
    </span>
  );
}
