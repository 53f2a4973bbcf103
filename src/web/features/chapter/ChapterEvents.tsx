import { Link } from 'react-router';
import { scheduleText } from '../../../common/eventSchedule';
import type { Chapter } from '../../../common/schemas/chapters';

/** The chapter's events (spec 1 §2 lists them apart from the next dates): each with when it meets. */
export function ChapterEvents({ chapter, base }: { chapter: Chapter; base: string }) {
  if (chapter.chapter_events.length === 0) return null;
  return (
    <section aria-labelledby="events-title" className="mb-4">
      <h2 id="events-title" className="h4">
        Events
      </h2>
      <ul className="list-unstyled chapter-events">
        {chapter.chapter_events.map((event) => (
          <li key={event.slug} className="mb-2">
            <Link to={`${base}/events/${event.slug}`} className="fw-semibold">
              {event.name}
            </Link>
            <div>{scheduleText(event)}</div>
            <div className="small text-body-secondary">
              {[event.address1, event.city].filter(Boolean).join(', ')}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
