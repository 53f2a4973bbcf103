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

/**
 * An event's next dates for visitors: a skipped one struck through with the host's note, the
 * others with how many are going and "I'm going".
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
  // The next meeting's card above holds its "I'm going"; a second button would be the same one.
  const carded = dates.find((d) => d.status !== 'cancelled')?.date;
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
                {d.status === 'moved' && (
                  <span className="badge text-bg-info ms-2">
                    Moved from {dateWithWeekday(d.date)}
                  </span>
                )}
                <GoingCount
                  className="ms-2"
                  date={{ eventSlug: rsvp.eventSlug, date: d.date }}
                  known={{ going: d.going, capacity: rsvp.capacity }}
                />
              </>
            )}
            {d.note && <div className="small text-body-secondary">{d.note}</div>}
          </div>
          {d.status !== 'cancelled' && d.date !== carded && (
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
