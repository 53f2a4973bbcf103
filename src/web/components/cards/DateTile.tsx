import { dateWithWeekday, zoneAbbreviation } from '../../../common/eventSchedule';
import { formatTime } from '../../../common/format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A meeting's date as a calendar leaf: month and day large, the weekday and start time below, in
 * the chapter's zone (its short name when the instant and zone are known), edged in the type's
 * colour. Screen readers get it as one phrase, not as four fragments.
 */
export function DateTile({
  date,
  startTime,
  typeId,
  start,
  timeZone,
}: {
  /** 'YYYY-MM-DD', local to the chapter. */
  date: string;
  /** 'HH:MM', local to the chapter. */
  startTime: string;
  typeId: number;
  /** The meeting's instant and the chapter's zone, for the zone's name ('EST'). */
  start?: string;
  timeZone?: string;
}) {
  const day = new Date(`${date}T00:00:00Z`);
  // Without the instant, midday of that date (UTC) has the zone's name of that day.
  const zone = timeZone ? zoneAbbreviation(new Date(start ?? `${date}T12:00:00Z`), timeZone) : '';
  const time = `${formatTime(startTime)}${zone ? ` ${zone}` : ''}`;
  return (
    <time className={`date-tile date-tile-type-${typeId}`} dateTime={`${date}T${startTime}`}>
      <span className="visually-hidden">{`${dateWithWeekday(date, 'long')}, ${time}`}</span>
      <span className="date-tile-month" aria-hidden="true">
        {MONTHS[day.getUTCMonth()]}
      </span>
      <span className="date-tile-day" aria-hidden="true">
        {day.getUTCDate()}
      </span>
      <span className="date-tile-weekday" aria-hidden="true">
        {WEEKDAYS[day.getUTCDay()]}
      </span>
      <span className="date-tile-time" aria-hidden="true">
        {time}
      </span>
    </time>
  );
}
