import { dateWithWeekday, timeRangeText, zoneAbbreviation } from '../../../common/eventSchedule';
import type { ScheduledDateAnswer } from '../../../common/schemas/eventDates';

/** When one date meets, with the weekday and the chapter's zone: 'Thu, Nov 26, 2026 · 6:00–8:00pm EST'. */
export function whenText(d: ScheduledDateAnswer, timeZone: string): string {
  const zone = zoneAbbreviation(new Date(d.start), timeZone);
  return `${dateWithWeekday(d.meetsOn)} · ${timeRangeText(d.startTime, d.endTime)}${zone ? ` ${zone}` : ''}`;
}

/** An event's next dates for visitors: a skipped one struck through with the host's note. */
export function EventDateList({
  dates,
  timeZone,
}: {
  dates: readonly ScheduledDateAnswer[];
  timeZone: string;
}) {
  if (dates.length === 0) return <p>No dates are coming up.</p>;
  return (
    <ul className="list-unstyled event-dates mb-3">
      {dates.map((d) => (
        <li key={d.date} className="mb-2" data-status={d.status} data-date={d.date}>
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
            </>
          )}
          {d.note && <div className="small text-body-secondary">{d.note}</div>}
        </li>
      ))}
    </ul>
  );
}
