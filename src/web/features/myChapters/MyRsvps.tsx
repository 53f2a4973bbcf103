import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { dateWithWeekday, timeRangeText } from '../../../common/eventSchedule';
import { errorMessage } from '../../components/forms/errorMessage';
import { useCancelMyRsvp, useMyRsvps } from '../../hooks/useMyRsvps';
import { InlineRetry } from '../../components/InlineRetry';
import { statusText } from '../../components/rsvp/rsvpOutcome';
import { GuestsChange } from '../../components/rsvp/GuestsChange';

/** The signed-in user's coming RSVPs (issue 33), each linked to its event's page. */
export function MyRsvps() {
  const query = useMyRsvps();
  const cancel = useCancelMyRsvp();
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
        <>
          {cancel.isError && (
            <p role="alert" className="text-danger">
              {errorMessage(cancel.error, 'Your RSVP could not be cancelled. Please try again.')}
            </p>
          )}
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
                      {(off || r.status === 'unconfirmed') &&
                        r.guests > 0 &&
                        ` · ${r.guests} guest${r.guests === 1 ? '' : 's'}`}
                    </div>
                    {!off && r.status !== 'unconfirmed' && (
                      <GuestsChange
                        rsvp={r}
                        when={`${r.event.name} on ${dateWithWeekday(r.date.meetsOn)}`}
                      />
                    )}
                  </div>
                  <span
                    className={`badge ${off ? 'text-bg-warning' : r.status === 'going' ? 'text-bg-success' : 'text-bg-secondary'}`}
                  >
                    {off ? 'Meeting off' : statusText(r.status, r.position)}
                  </span>
                  {!off && r.status !== 'cancelled' && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={cancel.isPending && cancel.variables === r.id}
                      onClick={() => cancel.mutate(r.id)}
                    >
                      Cancel{' '}
                      <span className="visually-hidden">
                        my RSVP to {r.event.name} on {dateWithWeekday(r.date.meetsOn)}
                      </span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
