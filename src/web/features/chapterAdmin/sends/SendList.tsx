import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { ChapterSend } from '../../../../common/schemas/sends';
import { chapterSendSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { doneOf, ratePerMinute, timeLeft, type Sample } from './sendRate';
import { isRunning, samplesOf, sendsKey, useChapterSends } from './useChapterSends';

const STATUS_WORDS: Record<ChapterSend['status'], { text: string; bg: string }> = {
  scheduled: { text: 'Scheduled', bg: 'light' },
  dropped: { text: 'Not sent (too late)', bg: 'secondary' },
  queueing: { text: 'Queueing', bg: 'info' },
  queued: { text: 'Sending', bg: 'primary' },
  finished: { text: 'Sent', bg: 'success' },
  cancelled: { text: 'Stopped', bg: 'secondary' },
};

/** What the schedule sends, as the list names it (a host's own email has no label). */
const KIND_WORDS: Record<ChapterSend['kind'], string | null> = {
  host: null,
  reminder: 'Meeting reminder',
  rsvpReminder: 'Reminder to those going',
  notice: 'Change notice',
  digest: "Hosts' digest",
};

const n = (value: number) => value.toLocaleString('en-US');

/**
 * 'Nov 20, 6:00 PM EST': in the chapter's zone, named, as its reminders are planned (a host
 * travelling, or an organizer in another state, reads the chapter's hours, not their own).
 */
function whenSent(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** One send: its state, a bar of the copies done, the figures, and Stop while it runs. */
function SendItem({
  send,
  samples,
  timeZone,
  onStop,
}: {
  send: ChapterSend;
  timeZone: string;
  samples: readonly Sample[];
  onStop: (send: ChapterSend) => void;
}) {
  const status = STATUS_WORDS[send.status];
  const titleId = `send-${send.id}-title`;
  return (
    <li className="list-group-item" data-testid="send-item" aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div className="me-auto">
          <h3 id={titleId} className="h6 mb-0 text-break">
            {send.title}
          </h3>
          <small className="text-body-secondary">
            {KIND_WORDS[send.kind] && (
              <span data-testid="send-kind">{KIND_WORDS[send.kind]} · </span>
            )}
            {send.status === 'scheduled' && send.scheduledFor
              ? `Goes ${whenSent(send.scheduledFor, timeZone)}`
              : whenSent(send.scheduledFor ?? send.createdAt, timeZone)}
          </small>
        </div>
        <Badge
          bg={status.bg}
          text={status.bg === 'light' ? 'dark' : undefined}
          data-testid="send-status"
        >
          {status.text}
        </Badge>
      </div>
      {send.status === 'scheduled' ? (
        <div className="d-flex justify-content-end mt-2">
          <Button size="sm" variant="outline-danger" onClick={() => onStop(send)}>
            Cancel
          </Button>
        </div>
      ) : (
        <SendProgress send={send} samples={samples} onStop={onStop} />
      )}
    </li>
  );
}

/** A send's bar, figures and Stop while it runs. */
function SendProgress({
  send,
  samples,
  onStop,
}: {
  send: ChapterSend;
  samples: readonly Sample[];
  onStop: (send: ChapterSend) => void;
}) {
  const done = doneOf(send);
  const running = isRunning(send);
  const waiting = Math.max(0, send.total - done - send.cancelled);
  const rate = running ? ratePerMinute(samples) : null;
  const left = running ? timeLeft(waiting, rate) : null;
  return (
    <>
      <progress
        className="send-progress w-100 my-2"
        value={done}
        max={Math.max(send.total, 1)}
        aria-label={`${send.title}: ${n(done)} of ${n(send.total)} done`}
      />
      <p className="mb-1 small" data-testid="send-figures">
        <span className="me-3 text-nowrap d-inline-block">
          Queued <strong>{n(send.queued)}</strong>
          {send.status === 'queueing' ? ` of ${n(send.total)}` : ''}
        </span>
        <span className="me-3 text-nowrap d-inline-block">
          Sent <strong data-testid="send-sent">{n(send.sent)}</strong>
        </span>
        <span className="me-3 text-nowrap d-inline-block">
          Failed <strong>{n(send.failed)}</strong>
        </span>
        {running && (
          <span className="me-3 text-nowrap d-inline-block">
            Waiting <strong>{n(waiting)}</strong>
          </span>
        )}
        {send.skipped > 0 && (
          <span className="me-3 text-nowrap d-inline-block">Skipped {n(send.skipped)}</span>
        )}
        {send.cancelled > 0 && (
          <span className="me-3 text-nowrap d-inline-block">
            Not sent (stopped) {n(send.cancelled)}
          </span>
        )}
      </p>
      {running && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <small className="text-body-secondary" data-testid="send-rate">
            {rate === null
              ? 'Measuring the rate...'
              : `${n(Math.round(rate))} messages/min${left ? `, ${left}` : ''}`}
          </small>
          <Button size="sm" variant="outline-danger" onClick={() => onStop(send)}>
            Stop
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * The chapter's latest sends and how far each got (issue 23), polled while one runs, with a Stop
 * button that cancels what has not been sent. On the Send Email screen and the dashboard. Times
 * are the chapter's (`timeZone`, the chapter answer's), with the zone named.
 */
export function SendList({ chapterId, timeZone }: { chapterId: number; timeZone: string }) {
  const query = useChapterSends(chapterId);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [stopping, setStopping] = useState<ChapterSend | null>(null);
  const [busy, setBusy] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);

  async function stop() {
    if (!stopping) return;
    setBusy(true);
    setStopError(null);
    try {
      const stopped = await apiSend(
        'POST',
        `/api/mailing_list/sends/${stopping.id}/cancel`,
        {},
        !import.meta.env?.PROD && chapterSendSchema,
      );
      queryClient.setQueryData<ChapterSend[]>(sendsKey(chapterId), (old) =>
        old?.map((s) => (s.id === stopped.id ? stopped : s)),
      );
      setStopping(null);
      toast.show({
        type: 'success',
        title: 'Email stopped',
        message: `${n(stopped.sent)} of ${n(stopped.total)} copies went out; the rest will not be sent.`,
      });
      void queryClient.invalidateQueries({ queryKey: sendsKey(chapterId) });
    } catch (err) {
      setStopError(errorMessage(err, 'The email could not be stopped. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (query.isPending) {
    body = <p className="text-body-secondary mb-0">Loading the chapter&apos;s emails...</p>;
  } else if (query.isError && !query.data) {
    body = <LoadFailedAlert what="chapter's sent emails" onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <p className="text-body-secondary mb-0">No emails sent yet.</p>;
  } else {
    body = (
      <>
        {query.isError && (
          <p className="text-danger small" role="alert">
            The progress could not be updated.{' '}
            <Button variant="link" size="sm" className="p-0" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </p>
        )}
        <ul className="list-group" data-testid="send-list">
          {query.data.map((send) => (
            <SendItem
              key={send.id}
              send={send}
              samples={samplesOf(send.id)}
              timeZone={timeZone}
              onStop={(s) => {
                setStopError(null);
                setStopping(s);
              }}
            />
          ))}
        </ul>
      </>
    );
  }
  return (
    <section aria-labelledby={`sends-${chapterId}`} className="mb-3">
      <h2 id={`sends-${chapterId}`} className="h5">
        Emails sent
      </h2>
      {body}
      <ConfirmDialog
        show={stopping !== null}
        title="Stop this email?"
        confirmLabel="Stop sending"
        busy={busy}
        error={stopError}
        onConfirm={() => void stop()}
        onCancel={() => setStopping(null)}
      >
        {stopping && (
          <p className="mb-0">
            <strong>{stopping.title}</strong>: the copies not sent yet will not be sent. The{' '}
            {n(stopping.sent)} already sent cannot be taken back.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
