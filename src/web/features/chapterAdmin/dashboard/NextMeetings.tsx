import { Link } from 'react-router';
import { formatMediumDate, formatTime } from '../../../../common/format';
import type { Chapter } from '../../../../common/schemas/chapters';

/** The chapter's next meetings, as its public page shows them. */
export function NextMeetings({ chapter, eventsPath }: { chapter: Chapter; eventsPath: string }) {
  const events = new Map(chapter.chapter_events.map((e) => [e.id, e]));
  return (
    <section className="card card-body mb-3" aria-labelledby="next-meetings-title">
      <h2 id="next-meetings-title" className="h5">
        Next meetings
      </h2>
      {chapter.upcoming.length === 0 ? (
        <p className="mb-2">No meetings coming up. Add an event so people know when to come.</p>
      ) : (
        <ul className="list-unstyled mb-2">
          {chapter.upcoming.map((u) => {
            const event = events.get(u.eventId);
            return (
              <li key={`${u.eventId}-${u.date}`} className="mb-1">
                <strong>{formatMediumDate(u.date)}</strong>
                {event && ` · ${formatTime(u.startTime ?? event.startTime)} · ${event.name}`}
                {u.movedFrom && ` (moved from ${formatMediumDate(u.movedFrom)})`}
              </li>
            );
          })}
        </ul>
      )}
      <Link to={eventsPath}>Manage events</Link>
    </section>
  );
}
