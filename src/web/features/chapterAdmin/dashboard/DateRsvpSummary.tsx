import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dateWithWeekday } from '../../../../common/eventSchedule';
import { rsvpSummarySchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { InlineRetry } from '../../../components/InlineRetry';

// The door opens a little before the meeting; a host may still tick late arrivals after it.
const DOOR_OPENS_MS = 3 * 3600_000;
const DOOR_CLOSES_MS = 3 * 3600_000;

/**
 * RSVPs to the coming dates (issue 33): going, waitlisted and the cap of each, its guest list,
 * and check-in for a meeting about to start or under way.
 */
export function DateRsvpSummary({ chapterId, base }: { chapterId: number; base: string }) {
  const query = useQuery({
    queryKey: ['rsvp-summary', chapterId],
    queryFn: () =>
      apiGet(
        `/api/chapter_event/chapter/${chapterId}/rsvp_summary`,
        !import.meta.env?.PROD && rsvpSummarySchema,
      ),
  });
  const now = Date.now();
  return (
    <section className="card card-body mb-3" aria-labelledby="rsvps-title">
      <h2 id="rsvps-title" className="h5">
        RSVPs
      </h2>
      {query.isPending ? (
        <p className="text-body-secondary mb-0">Counting RSVPs…</p>
      ) : query.isError ? (
        <InlineRetry what="RSVPs" onRetry={() => void query.refetch()} />
      ) : query.data.dates.length === 0 ? (
        <p className="mb-0">No meetings coming up, so nobody can say they are going yet.</p>
      ) : (
        <ul className="list-unstyled mb-0 rsvp-summary">
          {query.data.dates.map((d) => {
            const day = dateWithWeekday(d.date.meetsOn);
            const path = `${base}/events/${encodeURIComponent(d.slug)}/dates/${d.date.date}`;
            const start = Date.parse(d.date.start);
            const open =
              now >= start - DOOR_OPENS_MS && now <= Date.parse(d.date.end) + DOOR_CLOSES_MS;
            const off = d.date.status === 'cancelled';
            return (
              <li
                key={`${d.slug}-${d.date.date}`}
                className="d-flex flex-wrap align-items-center gap-2 py-1 border-bottom"
              >
                <div className="me-auto">
                  <strong>{off ? <s>{day}</s> : day}</strong> · {d.eventName}
                  <div className="small">
                    {off
                      ? 'Skipped'
                      : `${d.going} going · ${d.waitlisted} waitlisted · ${
                          d.capacity === null ? 'no cap' : `capacity ${d.capacity}`
                        }`}
                    {d.attended !== null && ` · ${d.attended} attended`}
                  </div>
                </div>
                {open && !off && (
                  <Link to={`${path}/checkin`} className="btn btn-primary btn-sm">
                    Check in <span className="visually-hidden">for {day}</span>
                  </Link>
                )}
                <Link to={`${path}/guests`} className="btn btn-outline-secondary btn-sm">
                  Guest list <span className="visually-hidden">for {day}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
