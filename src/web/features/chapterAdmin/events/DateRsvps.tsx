import { Link } from 'react-router';
import { useRsvpCount, type EventDateRef } from '../../../components/rsvp/rsvpCalls';

/** One coming date's RSVPs for its hosts: going, waitlisted and the cap, and its guest list. */
export function DateRsvps({
  date,
  day,
  guestsPath,
}: {
  date: EventDateRef;
  day: string;
  guestsPath: string;
}) {
  const count = useRsvpCount(date);
  const c = count.data;
  return (
    <div className="small date-rsvps">
      {c ? (
        <span>
          {c.going} going · {c.waitlisted} waitlisted ·{' '}
          {c.capacity === null ? 'no cap' : `capacity ${c.capacity}`}
        </span>
      ) : count.isError ? (
        <span className="text-body-secondary">RSVPs could not be counted</span>
      ) : (
        <span className="text-body-secondary">Counting RSVPs…</span>
      )}{' '}
      ·{' '}
      <Link to={guestsPath}>
        Guest list <span className="visually-hidden">for {day}</span>
      </Link>
    </div>
  );
}
