import { Link } from 'react-router';
import { formatMediumDate, formatTime } from '../../../common/format';
import { zoneName } from '../../../common/eventSchedule';
import { ChapterTypeBadge } from '../cards/ChapterTypeBadge';
import { MailingListSignup } from './MailingListSignup';

export interface PinChapter {
  id: number;
  state: string;
  slug: string;
  city: string;
  displayTitle: string;
  /** The IANA zone its meetings' times are in. */
  timeZone: string;
  chapter_type: { id: number; name: string };
}

export interface PinEvent {
  name: string;
  address1: string;
  city: string;
  startTime: string;
  endTime: string;
}

/**
 * A pin's info window (spec 1 §2 Home), the same on every map: the chapter's city as a link and
 * its type, the meeting's name and address, when it next meets (or how often, when no date is
 * known) and in which time zone (issue 35), and the small mailing-list sign-up.
 */
export function ChapterPinPopup({
  chapter,
  event,
  date,
  schedule,
}: {
  chapter: PinChapter;
  event: PinEvent;
  /** The next meeting's date, 'YYYY-MM-DD'. */
  date?: string | null;
  /** How often it meets, in words, for a pin with no date. */
  schedule?: string;
}) {
  const time = `${formatTime(event.startTime)}–${formatTime(event.endTime)}`;
  // The zone's name on the meeting's day (summer or winter time), or today's without a date.
  const zone = zoneName(date ? new Date(`${date}T12:00:00Z`) : new Date(), chapter.timeZone);
  return (
    <div className="home-pin-popup">
      <h3 className="h6 mb-1">
        <Link to={`/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`}>
          {chapter.city || chapter.displayTitle}
        </Link>
      </h3>
      <p className="mb-1 small">
        <ChapterTypeBadge type={chapter.chapter_type} />
      </p>
      <p className="mb-1">
        <strong>{event.name}</strong>
        <br />
        {event.address1}, {event.city}
        <br />
        {date ? `${formatMediumDate(date)}, ${time}` : `${schedule ?? ''} ${time}`.trim()}
        {zone && (
          <>
            <br />
            <span className="pin-time-zone">{zone}</span>
          </>
        )}
      </p>
      <MailingListSignup chapterId={chapter.id} compact />
    </div>
  );
}
