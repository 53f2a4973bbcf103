import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { HostApplication } from '../../../../common/schemas/applications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../components/forms/errorMessage';
import type { useSaveApplication } from './useSaveApplication';
import { CHAPTER_STATUS } from '../../../../common/constants';
import { chapterPath, useAllChapters } from '../chapters/chaptersQuery';
import { chaptersAlreadyThere, listInWords, stepsNotDone } from './applicationWarnings';

type Decision = 'approved_without_creation' | 'denied' | 'open';

const ASK: Record<Decision, { title: string; text: string; confirm: string }> = {
  approved_without_creation: {
    title: 'Approve without creating a chapter?',
    text: 'The application is approved, and no chapter is made: the applicant may be added to an existing chapter.',
    confirm: 'Approve',
  },
  denied: {
    title: 'Deny this application?',
    text: 'The application is marked denied. It can be reopened later.',
    confirm: 'Deny',
  },
  open: {
    title: 'Reopen this application?',
    text: 'The application goes back to the open ones, to be decided again.',
    confirm: 'Reopen',
  },
};

/**
 * Spec 2 §4: an open application is made into a chapter (on the Add Chapter screen), approved
 * without one, or denied; any other is reopened. Each is saved at once, after a confirmation.
 * Creating the chapter is the primary action only when nothing speaks against it: while a step
 * of Progress reads "No", or a chapter of that type is already in that city, it stays offered
 * as a secondary button under a warning saying why (issue 35).
 */
export function ApplicationActions({
  application,
  save,
}: {
  application: HostApplication;
  save: ReturnType<typeof useSaveApplication>;
}) {
  const [asking, setAsking] = useState<Decision | null>(null);
  const [shown, setShown] = useState<Decision>('denied');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = (decision: Decision) => {
    setFailure(null);
    setShown(decision);
    setAsking(decision);
  };
  const decide = async (status: Decision) => {
    setBusy(true);
    setFailure(null);
    try {
      await save.run({ status });
      setAsking(null);
    } catch (err) {
      setFailure(errorMessage(err, 'The application could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const text = ASK[shown];
  const chapters = useAllChapters();
  const missing = stepsNotDone(application);
  const already = chapters.data ? chaptersAlreadyThere(application, chapters.data) : [];
  const careful = missing.length > 0 || already.length > 0;
  return (
    <section className="card card-body mb-3" aria-labelledby="actions-title">
      <h2 id="actions-title" className="h5">
        Decision
      </h2>
      {application.status === 'open' && careful && (
        <Alert variant="warning" data-testid="create-warning">
          {missing.length > 0 && (
            <p className={already.length > 0 ? 'mb-2' : 'mb-0'}>
              Not done yet: {listInWords(missing)}. Check them under Progress before making the
              chapter.
            </p>
          )}
          {already.length > 0 && (
            <>
              <p className="mb-1">
                {already.length === 1 ? 'A chapter' : 'Chapters'} of this type already{' '}
                {already.length === 1 ? 'exists' : 'exist'} in {application.city}:
              </p>
              <ul className="mb-0">
                {already.map((c) => (
                  <li key={c.id}>
                    <Link to={chapterPath(c)} className="alert-link text-decoration-underline">
                      {c.displayTitle}
                    </Link>
                    {/* Two chapters may share a title: the address tells them apart. */}
                    {` (${c.status === CHAPTER_STATUS.hidden ? 'hidden' : 'active'}, ${c.slug})`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      {application.status === 'open' ? (
        <div className="d-flex flex-wrap gap-2">
          <Link
            to={`/admin/chapters/add/application/${application.slug}`}
            className={`btn ${careful ? 'btn-outline-secondary' : 'btn-primary'}`}
          >
            Create Chapter from Application
          </Link>
          <Button variant="outline-success" onClick={() => ask('approved_without_creation')}>
            Approve Without Creating a Chapter
          </Button>
          <Button variant="outline-danger" onClick={() => ask('denied')}>
            Deny
          </Button>
        </div>
      ) : (
        <div>
          <Button variant="outline-secondary" onClick={() => ask('open')}>
            Reopen
          </Button>
        </div>
      )}
      {failure && asking === null && (
        <Alert variant="danger" className="mt-3 mb-0">
          {failure}
        </Alert>
      )}
      <ConfirmDialog
        show={asking !== null}
        title={text.title}
        confirmLabel={text.confirm}
        confirmVariant={shown === 'denied' ? 'danger' : 'primary'}
        busy={busy}
        error={failure}
        onConfirm={() => asking && void decide(asking)}
        onCancel={() => setAsking(null)}
      >
        <p className="mb-0">{text.text}</p>
      </ConfirmDialog>
    </section>
  );
}
