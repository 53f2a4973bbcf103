import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { addressLine } from '../../../common/address';
import { dateWithWeekday, timeRangeText, zoneAbbreviation } from '../../../common/eventSchedule';
import type { RsvpPage } from '../../../common/schemas/rsvps';
import { rsvpPageSchema } from '../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../api';
import { AddToCalendarMenu } from '../../components/calendar/AddToCalendarMenu';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage } from '../../components/forms/errorMessage';
import { statusText } from '../../components/rsvp/rsvpOutcome';

const rsvpKey = (token: string) => ['rsvp', token] as const;

/**
 * /rsvp/{token}, the page every RSVP email links to: the date, the place, the RSVP's status, the
 * calendar menu, and Confirm (while unconfirmed) and Cancel. Both are buttons making a POST, so
 * a mail scanner that opens the link changes nothing. No sign-in: the token is the key.
 */
export function RsvpScreen() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const path = `/api/rsvp/${encodeURIComponent(token)}`;
  const query = useQuery({
    queryKey: rsvpKey(token),
    queryFn: () => apiGet(path, !import.meta.env?.PROD && rsvpPageSchema),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  const act = useMutation({
    mutationFn: (what: 'confirm' | 'cancel') =>
      apiSend('POST', `${path}/${what}`, {}, !import.meta.env?.PROD && rsvpPageSchema),
    onSuccess: (rsvp) => {
      queryClient.setQueryData(rsvpKey(token), rsvp);
      void queryClient.invalidateQueries({ queryKey: ['rsvp-count'] });
    },
  });

  let content;
  if (query.isPending) content = <PageSpinner label="Loading your RSVP..." />;
  else if (query.isError) {
    content =
      query.error instanceof ApiError && query.error.status === 404 ? (
        <>
          <p className="lead">
            This RSVP link is not valid. Please check that it was copied whole from the email.
          </p>
          <p>
            You can find the meeting again on the <Link to="/">map of chapters</Link>.
          </p>
        </>
      ) : (
        <LoadFailedAlert what="RSVP" onRetry={() => void query.refetch()} />
      );
  } else content = <RsvpDetails rsvp={query.data} act={act} />;

  return (
    <section className="py-4 rsvp-page" aria-labelledby="rsvp-title" style={{ maxWidth: '40rem' }}>
      <h1 id="rsvp-title" className="h2">
        Your RSVP
      </h1>
      {content}
    </section>
  );
}

const guestsText = (n: number) => `${n} guest${n === 1 ? '' : 's'}`;

type Act = {
  mutate: (what: 'confirm' | 'cancel') => void;
  isPending: boolean;
  variables: 'confirm' | 'cancel' | undefined;
  error: unknown;
  isError: boolean;
};

function RsvpDetails({ rsvp, act }: { rsvp: RsvpPage; act: Act }) {
  const { chapter, event } = rsvp;
  const chapterPath = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const eventPath = `${chapterPath}/events/${event.slug}`;
  const when = rsvp.date;
  const off = when.status === 'cancelled';
  const over = when.past;
  const zone = zoneAbbreviation(new Date(when.start), when.timeZone);
  const place = addressLine(event);
  const busy = (what: 'confirm' | 'cancel') => act.isPending && act.variables === what;
  return (
    <>
      <div className="card card-body mb-3">
        <h2 className="h4 mb-1">
          <Link to={eventPath}>{event.name}</Link>
        </h2>
        <p className="mb-1">
          <Link to={chapterPath}>{chapter.displayTitle}</Link>
        </p>
        <p className="fs-5 mb-1">
          {off ? <s>{dateWithWeekday(when.meetsOn)}</s> : dateWithWeekday(when.meetsOn)} ·{' '}
          {timeRangeText(when.startTime, when.endTime)}
          {zone ? ` ${zone}` : ''}
        </p>
        {when.status === 'moved' && (
          <p className="mb-1">
            <span className="badge text-bg-info">Moved from {dateWithWeekday(when.date)}</span>
          </p>
        )}
        {when.note && <p className="small text-body-secondary mb-1">{when.note}</p>}
        <address className="mb-2">{place}</address>
        <p className="mb-2 small rsvp-counts">
          {rsvp.counts.going === 0 ? 'Nobody going yet' : `${rsvp.counts.going} going`}
          {rsvp.counts.waitlisted > 0 && ` · ${rsvp.counts.waitlisted} on the waitlist`}
          {rsvp.counts.capacity !== null && ` · ${rsvp.counts.capacity} places`}
        </p>
        {!off && (
          <div>
            <AddToCalendarMenu
              id="rsvp-add-to-calendar"
              occurrence={{
                title: `${chapter.displayTitle} at ${event.name}`,
                location: [event.name, place].filter(Boolean).join(', '),
                details: '',
                path: eventPath,
                when: { start: when.start, end: when.end },
              }}
              icsPath={`/api/chapter_calendar/event/${encodeURIComponent(event.slug)}/event.ics`}
              feedPath={`/api/chapter_calendar/${encodeURIComponent(chapter.slug)}/events.ics`}
            />
          </div>
        )}
      </div>
      {off && (
        <Alert variant="warning">
          This meeting is off: the hosts skipped this date. Nothing more to do.
        </Alert>
      )}
      <p role="status" className="lead mb-1 rsvp-status" data-status={rsvp.status}>
        {rsvp.status === 'unconfirmed'
          ? 'Not confirmed yet'
          : statusText(rsvp.status, rsvp.position)}
      </p>
      <p className="text-body-secondary text-break">
        {rsvp.name} · {rsvp.email}
        {rsvp.guests > 0 && ` · ${guestsText(rsvp.guests)}`}
      </p>
      {rsvp.pendingGuests !== null && rsvp.pendingGuests !== rsvp.guests && (
        <p>
          You asked to change this to {guestsText(rsvp.pendingGuests)}: Confirm to make the change.
        </p>
      )}
      {act.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(act.error)}
        </Alert>
      )}
      {!off && !over && rsvp.status !== 'cancelled' && (
        <div className="d-flex flex-wrap gap-2">
          {(rsvp.status === 'unconfirmed' || rsvp.pendingGuests !== null) && (
            <Button
              variant="primary"
              disabled={act.isPending}
              onClick={() => act.mutate('confirm')}
            >
              {busy('confirm') && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              Confirm: I’m going
            </Button>
          )}
          <Button
            variant="outline-danger"
            disabled={act.isPending}
            onClick={() => act.mutate('cancel')}
          >
            {busy('cancel') && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Cancel my RSVP
          </Button>
        </div>
      )}
      {rsvp.status === 'cancelled' && !off && !over && (
        <p>
          Changed your mind? Say you are going again on the <Link to={eventPath}>event page</Link>.
        </p>
      )}
      {over && !off && <p>This meeting is over.</p>}
    </>
  );
}
