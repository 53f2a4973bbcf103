import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { timeRangeText } from '../../../common/eventSchedule';
import { DateTile } from './DateTile';

export interface Meeting {
  /** 'YYYY-MM-DD' and 'HH:MM', local to the chapter. */
  date: string;
  startTime: string;
  endTime: string;
  /** The instant it starts, and the chapter's zone: the tile names the zone when both are known. */
  start?: string;
  timeZone?: string;
  /**
   * The event's name (the venue), its address in one line, and its page. A list of one event's
   * dates under its card leaves the name out: the card above says it (issue 35).
   */
  name?: string;
  place: string;
  path?: string;
}

/**
 * One meeting: a date tile in the type's colour, the venue (linked to the event's page) and the
 * place, and anything the caller adds below (a moved date's note, a calendar menu).
 */
export function MeetingCard({
  meeting,
  typeId,
  children,
  className = '',
}: {
  meeting: Meeting;
  typeId: number;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`meeting-card ${className}`.trim()}>
      <DateTile
        date={meeting.date}
        startTime={meeting.startTime}
        typeId={typeId}
        start={meeting.start}
        timeZone={meeting.timeZone}
      />
      <div className="meeting-card-body">
        {meeting.name && (
          <div className="meeting-card-name">
            {meeting.path ? <Link to={meeting.path}>{meeting.name}</Link> : meeting.name}
          </div>
        )}
        {meeting.place && <div className="meeting-card-place">{meeting.place}</div>}
        <div className="meeting-card-time">{timeRangeText(meeting.startTime, meeting.endTime)}</div>
        {children}
      </div>
    </div>
  );
}
