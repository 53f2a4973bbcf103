import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../common/format';
import { frequencyText } from '../../../common/frequencyText';
import { InlineRetry } from '../InlineRetry';
import { ChapterPinPopup } from './ChapterPinPopup';
import { MailingListSignup } from './MailingListSignup';
import { useChapterById } from '../../hooks/useChapterById';

/**
 * A pin's info window on a map that knows only which chapter the pin is (spec 1 §2: clicking a
 * pin loads the chapter): rendered when the window first opens, it loads the chapter and shows
 * its next meeting, or, given `eventId`, that event's next date.
 */
export function ChapterPinDetails({ chapterId, eventId }: { chapterId: number; eventId?: number }) {
  const query = useChapterById(chapterId);
  if (query.isPending) {
    return (
      <div className="home-pin-popup d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>Loading the chapter...</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="home-pin-popup">
        <InlineRetry what="chapter" onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const chapter = query.data;
  const next =
    eventId === undefined
      ? chapter.upcoming[0]
      : chapter.upcoming.find((date) => date.eventId === eventId);
  const event = chapter.chapter_events.find((e) => e.id === (eventId ?? next?.eventId));
  if (!event) {
    // The map was built before the chapter's meetings changed: nothing is coming up now.
    return (
      <div className="home-pin-popup">
        <h3 className="h6 mb-1">
          <Link to={`/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`}>
            {chapter.city || chapter.displayTitle}
          </Link>
        </h3>
        <p className="mb-1">No meeting is planned at the moment.</p>
        <MailingListSignup chapterId={chapter.id} compact />
      </div>
    );
  }
  return (
    <ChapterPinPopup
      chapter={chapter}
      // A meeting moved to another day may keep other times than its event's.
      event={{
        ...event,
        startTime: next?.startTime ?? event.startTime,
        endTime: next?.endTime ?? event.endTime,
      }}
      date={next?.date ?? null}
      schedule={frequencyText(event, formatMediumDate)}
    />
  );
}
