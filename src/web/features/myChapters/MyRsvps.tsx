import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dateWithWeekday, timeRangeText } from '../../../common/eventSchedule';
import { myRsvpsSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { InlineRetry } from '../../components/InlineRetry';
import { statusText } from '../../components/rsvp/rsvpOutcome';

/** The signed-in user's coming RSVPs (issue 33), each linked to its event's page. */
export function MyRsvps() {
  const query = useQuery({
    queryKey: ['rsvps', 'my'],
    queryFn: () => apiGet('/api/my/rsvps', !import.meta.env?.PROD && myRsvpsSchema),
  });
  return (
    <section aria-labelledby="my-rsvps-title" className="mb-4">
      <h2 id="my-rsvps-title" className="h4">
        Meetings you are going to
      </h2>
      {query.isPending ? (
        <p className="text-body-secondary">Loading your RSVPs…</p>
      ) : query.isError ? (
        <InlineRetry what="RSVPs" onRetry={() => void query.refetch()} />
      ) : query.data.rsvps.length === 0 ? (
        <p>
          You have not said you are going to a meeting yet. Find one on the{' '}
          <Link to="/">map of chapters</Link>.
        </p>
      ) : (
        <ul className="list-group my-rsvps">
          {query.data.rsvps.map((r) => {
            const chapterPath = `/chapter/${r.chapter.state.toLowerCase()}/${r.chapter.slug}`;
            const off = r.date.status === 'cancelled';
            return (
              <li
                key={r.id}
                className="list-group-item d-flex flex-wrap align-items-center gap-2"
                data-status={r.status}
              >
                <div className="me-auto">
                  <div className="fw-semibold">
                    {off ? (
                      <s>{dateWithWeekday(r.date.meetsOn)}</s>
                    ) : (
                      dateWithWeekday(r.date.meetsOn)
                    )}{' '}
                    · {timeRangeText(r.date.startTime, r.date.endTime)}
                  </div>
                  <div>
                    <Link to={`${chapterPath}/events/${r.event.slug}`}>{r.event.name}</Link>,{' '}
                    {r.chapter.displayTitle}
                    {r.guests > 0 && ` · ${r.guests} guest${r.guests === 1 ? '' : 's'}`}
                  </div>
                </div>
                <span
                  className={`badge ${off ? 'text-bg-warning' : r.status === 'going' ? 'text-bg-success' : 'text-bg-secondary'}`}
                >
                  {off ? 'Meeting off' : statusText(r.status, r.position)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
