import { useRsvpCount, type EventDateRef } from './rsvpCalls';

/** '12 going' (people, guests included, confirmed only) and a full date's waitlist, or nothing. */
export function GoingCount({ date, className = '' }: { date: EventDateRef; className?: string }) {
  const count = useRsvpCount(date);
  // Loading, failed or nobody yet: the line says nothing rather than "0 going".
  if (!count.data || count.data.going === 0) return null;
  const { going, capacity } = count.data;
  const full = capacity !== null && going >= capacity;
  return (
    <span className={`going-count badge rounded-pill text-bg-light border ${className}`.trim()}>
      {going} going{full ? ' · full, waitlist open' : ''}
    </span>
  );
}
