import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { emailQueueSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import type { EmailQueue } from '../../../../common/schemas/emailQueue';

// The queue moves while an admin watches a send go out: asked again every half minute.
const REFRESH_MS = 30_000;

/** How long the oldest waiting message has waited, in its largest whole unit. */
export function waitedFor(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const [n, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86_400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The one line above the figures: what the queue is doing, or that its answer is coming. */
function QueueLine({ queue }: { queue: EmailQueue | undefined }) {
  if (!queue) {
    return (
      <div className="d-flex align-items-center gap-2 mb-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>Loading the email queue...</span>
      </div>
    );
  }
  if (queue.oldestWaitingSeconds !== null) {
    return (
      <p className="mb-2">
        The oldest waiting message was sent {waitedFor(queue.oldestWaitingSeconds)} ago.
      </p>
    );
  }
  return <p className="mb-2">{queue.sending === 0 ? 'Nothing waiting.' : 'Sending now.'}</p>;
}

/**
 * The figures, drawn in their place (blank) before the answer comes: the chapter table below
 * stays where it was first drawn. When it moved down as the answer came, an admin's click on its
 * "Lapsed only" switch could press on the switch and let go below it, a click lost.
 */
function QueueFigures({ queue }: { queue: EmailQueue | undefined }) {
  const figures = [
    { label: 'Waiting', value: queue?.waiting },
    { label: 'Sending', value: queue?.sending },
    { label: 'Failed in the last day', value: queue?.failedLastDay },
    { label: 'Scheduled, next 24 hours', value: queue?.scheduledNextDay },
  ];
  return (
    <>
      <QueueLine queue={queue} />
      <dl className="row row-cols-2 row-cols-sm-4 g-2 mb-2 text-center">
        {figures.map((f) => (
          <div key={f.label} className="col d-flex flex-column">
            <dt className="small fw-normal order-last">{f.label}</dt>
            <dd className="fs-4 fw-semibold mb-0">
              {f.value === undefined ? (
                <span className="placeholder col-4" aria-hidden="true" />
              ) : (
                f.value.toLocaleString('en-US')
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The site's own mail (receipts, links), told only when some waits or failed lately. */
function SiteMailLine({ siteMail }: { siteMail: EmailQueue['siteMail'] }) {
  if (siteMail.waiting === 0 && siteMail.failedLastDay === 0) return null;
  return (
    <p className="small mb-2">
      The site&rsquo;s own mail (receipts, sign-in and RSVP links):{' '}
      {siteMail.waiting.toLocaleString('en-US')} waiting for the mail server,{' '}
      {siteMail.failedLastDay.toLocaleString('en-US')} not delivered in the last day.
    </p>
  );
}

function LastErrors({ failures }: { failures: EmailQueue['lastErrors'] }) {
  if (failures.length === 0) return null;
  return (
    <>
      <h3 className="h6 mt-3">Last failed deliveries</h3>
      <ul className="list-unstyled small mb-0">
        {failures.map((f, i) => (
          <li key={i} className="border-top py-2 text-break">
            <strong>{f.recipient}</strong>, &ldquo;{f.subject}&rdquo; (sent {when(f.queuedAt)})
            <br />
            <span className="text-danger-emphasis">{f.error || 'No reason given.'}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The chapter email queue (admins): what waits, what is being sent, and what failed lately. */
export function EmailQueueCard() {
  const queue = useQuery({
    queryKey: ['admin-email-queue'],
    queryFn: () => apiGet('/api/admin/email_queue', !import.meta.env?.PROD && emailQueueSchema),
    refetchInterval: REFRESH_MS,
  });
  return (
    <section className="card mb-4" aria-labelledby="email-queue-title">
      <div className="card-body">
        <h2 id="email-queue-title" className="h5 card-title">
          Chapter email queue
        </h2>
        {queue.isError ? (
          <LoadFailedAlert what="email queue" onRetry={() => void queue.refetch()} />
        ) : (
          <>
            <QueueFigures queue={queue.data} />
            {queue.data ? <SiteMailLine siteMail={queue.data.siteMail} /> : null}
            {queue.data ? <LastErrors failures={queue.data.lastErrors} /> : null}
          </>
        )}
      </div>
    </section>
  );
}
