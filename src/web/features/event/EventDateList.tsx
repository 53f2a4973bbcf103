import { dateWithWeekday, timeRangeText, zoneAbbreviation } from '../../../common/eventSchedule';
import type { ScheduledDateAnswer } from '../../../common/schemas/eventDates';
import { GoingCount } from '../../components/rsvp/GoingCount';
import { RsvpButton } from '../../components/rsvp/RsvpButton';

/** What the "I'm going" of each date needs of its event. */
export interface RsvpTarget {
  eventSlug: string;
  chapterName: string;
  maxGuests?: number | null | undefined;
  capacity?: number | null | undefined;
}

/** When one date meets, with the weekday and the chapter's zone: 'Thu, Nov 26, 2026 · 6:00–8:00pm EST'. */
export function whenText(d: ScheduledDateAnswer, timeZone: string): string {
  const zone = zoneAbbreviation(new Date(d.start), timeZone);
  return `${dateWithWeekday(d.meetsOn)} · ${timeRangeText(d.startTime, d.endTime)}${zone ? ` ${zone}` : ''}`;
}

/** A moved date says where it moved from: 'Moved from Thu, Dec 24, 2026'. */
export function MovedFrom({
  date,
  className = 'ms-2',
}: {
  date: ScheduledDateAnswer;
  className?: string;
}) {
  if (date.status !== 'moved') return null;
  return (
    <span className={`badge text-bg-info ${className}`}>
      Moved from {dateWithWeekday(date.date)}
    </span>
  );
}

/**
 * An event's dates for visitors: a skipped one struck through with the host's note, the others
 * with how many are going and "I'm going". The page leaves out the date its next-meeting card
 * shows (issue 35: each date listed once).
 */
export function EventDateList({
  dates,
  timeZone,
  rsvp,
}: {
  dates: readonly ScheduledDateAnswer[];
  timeZone: string;
  rsvp: RsvpTarget;
}) {
  if (dates.length === 0) return <p>No dates are coming up.</p>;
  return (
    <ul className="list-unstyled event-dates mb-3">
      {dates.map((d) => (
        <li
          key={d.date}
          className="mb-2 d-flex flex-wrap align-items-center column-gap-3 row-gap-1"
          data-status={d.status}
          data-date={d.date}
        >
          <div className="me-auto">
            {d.status === 'cancelled' ? (
              <>
                <span className="badge text-bg-warning me-2">No meeting</span>
                <s>{dateWithWeekday(d.date)}</s>
              </>
            ) : (
              <>
                {whenText(d, timeZone)}
                <MovedFrom date={d} />
                <GoingCount
                  className="ms-2"
                  date={{ eventSlug: rsvp.eventSlug, date: d.date }}
                  known={{ going: d.going, capacity: rsvp.capacity }}
                />
              </>
            )}
            {d.note && <div className="small text-body-secondary">{d.note}</div>}
          </div>
          {d.status !== 'cancelled' && (
            <RsvpButton
              size="sm"
              variant="outline-primary"
              date={{ eventSlug: rsvp.eventSlug, date: d.date }}
              when={dateWithWeekday(d.meetsOn)}
              chapterName={rsvp.chapterName}
              maxGuests={rsvp.maxGuests}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
