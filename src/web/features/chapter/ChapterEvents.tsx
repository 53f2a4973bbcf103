import { Link } from 'react-router';
import { scheduleText } from '../../../common/eventSchedule';
import type { Chapter } from '../../../common/schemas/chapters';

/**
 * The chapter's events (spec 1 §2 lists them apart from the next dates): each with how often it
 * meets and where, at the head of the meetings' section, which lists the dates themselves.
 */
export function ChapterEvents({ chapter, base }: { chapter: Chapter; base: string }) {
  if (chapter.chapter_events.length === 0) return null;
  // One event with a coming date: its card below gives the address.
  const withPlace = chapter.chapter_events.length > 1 || chapter.upcoming.length === 0;
  return (
    <ul className="list-unstyled chapter-events mb-3" aria-label="Events">
      {chapter.chapter_events.map((event) => (
        <li key={event.slug} className="mb-2">
          <Link to={`${base}/events/${event.slug}`} className="fw-semibold">
            {event.name}
          </Link>
          <div>{scheduleText(event)}</div>
          {withPlace && (
            <div className="small text-body-secondary">
              {[event.address1, event.city].filter(Boolean).join(', ')}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
