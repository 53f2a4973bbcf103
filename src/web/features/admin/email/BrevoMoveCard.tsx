import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { BrevoMoveCounts, BrevoMoveRun } from '../../../../common/schemas/brevoMove';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { emailAdminApi, failureText } from './emailAdminApi';

const KEY = ['admin-brevo-move'];
const POLL_MS = 1000;

const countsText = (c: BrevoMoveCounts) =>
  `${c.read} members read: ${c.added} added, ${c.already} there already, ` +
  `${c.unsubscribed} unsubscribed and ${c.blocklisted} blocklisted (kept so).`;

function RunProgress({ run }: { run: BrevoMoveRun }) {
  const { chaptersDone, chaptersTotal, current, totals } = run.progress;
  const running = run.status === 'running';
  return (
    <>
      <label htmlFor="brevo-move-progress" className="form-label small mb-1">
        {running ? 'Copying' : 'Copied'} {chaptersDone} of {chaptersTotal} chapter lists
        {running && current ? `: ${current}` : ''}
      </label>
      {/* A native progress bar: Bootstrap's would need an inline width, which the CSP forbids. */}
      <progress
        id="brevo-move-progress"
        className="brevo-move-progress w-100 mb-2"
        max={Math.max(chaptersTotal, 1)}
        value={chaptersTotal === 0 && !running ? 1 : chaptersDone}
      />
      <p className="small mb-2" aria-live="polite">
        {countsText(totals)}
      </p>
    </>
  );
}

function RunOutcome({ run }: { run: BrevoMoveRun }) {
  if (run.status === 'running') return null;
  if (run.status !== 'done') {
    return (
      <Alert variant="danger" className="mb-2">
        The move stopped: {run.error ?? 'no reason given'}. What was copied is kept; start it again
        to finish.
      </Alert>
    );
  }
  const problems = run.chapters.filter((c) => c.error !== null);
  return (
    <>
      <Alert variant="success" className="mb-2">
        Done: {countsText(run.progress.totals)}{' '}
        {run.progress.totals.added === 0 &&
          'Nothing added: every member was on the built-in lists already.'}
      </Alert>
      {problems.length > 0 && (
        <>
          <h3 className="h6">Lists not copied ({problems.length})</h3>
          <ul className="small">
            {problems.map((c) => (
              <li key={c.chapterId} className="text-break">
                {c.chapter} (Brevo list {c.brevoListId}): {c.error}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * "Move the lists home" (issue 24): copies each chapter's Brevo list into its built-in list, as
 * a job on the server whose progress this polls; then the email service can be switched to the
 * built-in lists without losing a member.
 */
export function BrevoMoveCard() {
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const state = useQuery({
    queryKey: KEY,
    queryFn: emailAdminApi.brevoMove,
    refetchInterval: (q) => (q.state.data?.run?.status === 'running' ? POLL_MS : false),
  });
  const run = state.data?.run ?? null;
  const running = run?.status === 'running';

  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      queryClient.setQueryData(KEY, await emailAdminApi.startBrevoMove());
    } catch (err) {
      setFailure(failureText(err));
      void state.refetch();
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="card mt-4" aria-labelledby="brevo-move-title">
      <div className="card-body">
        <h2 id="brevo-move-title" className="h5 card-title">
          Move the lists home
        </h2>
        <p className="small">
          Copies each chapter&apos;s Brevo list into its built-in list, keeping who is blocklisted
          or unsubscribed. Run it as often as needed: members already copied are not added again.
          Then switch the email service to the built-in lists in Settings.
        </p>
        {state.isPending ? (
          <PageSpinner label="Loading the last move..." />
        ) : state.isError ? (
          <LoadFailedAlert what="list move" onRetry={() => void state.refetch()} />
        ) : !state.data.brevoConfigured ? (
          <p className="mb-0 text-body-secondary">
            Brevo is not configured (BREVO_API_KEY): there are no Brevo lists to move.
          </p>
        ) : (
          <>
            {run && <RunProgress run={run} />}
            {run && <RunOutcome run={run} />}
            {!run && (
              <p className="small text-body-secondary">The lists have not been moved yet.</p>
            )}
            {failure && (
              <Alert variant="danger" className="mb-2">
                {failure}
              </Alert>
            )}
            <Button onClick={() => void start()} disabled={running || starting}>
              {running || starting ? 'Moving the lists...' : 'Copy Brevo lists to built-in lists'}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
