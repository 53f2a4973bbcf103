import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { SETUP_STEPS, type SetupStepKey } from '../../../common/chapterSetup';
import { hasFieldOrganizerAccess, mayMakeChapterActive } from '../../../common/policy';
import { chapterSetupSchema } from '../../answerSchemas';
import { apiGet, apiSend } from '../../api';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { ConfirmDialog } from '../ConfirmDialog';
import { errorMessage } from '../forms/errorMessage';
import { InlineRetry } from '../InlineRetry';
import { useToast } from '../toasts';

export const chapterSetupKey = (chapterId: number) => ['chapter-setup', chapterId] as const;

interface Props {
  chapter: { id: number; displayTitle: string };
  /** The chapter's admin area, '/chapter/{state}/{slug}/admin': each step links into it. */
  base: string;
  /** After Make active: the screen reloads the chapter (it is active now). */
  onActivated: () => Promise<void> | void;
}

/** What each step asks, and where it is done. */
function stepHelp(key: SetupStepKey, base: string, organizer: boolean): ReactNode {
  switch (key) {
    case 'about':
      return (
        <>
          A few lines on who you are and what a meeting is like:{' '}
          <Link to={`${base}/content`}>Page Content</Link>.
        </>
      );
    case 'headerImage':
      return (
        <>
          The bar, the café or the table you meet at:{' '}
          <Link to={`${base}/content`}>Page Content</Link>.
        </>
      );
    case 'firstEvent':
      return (
        <>
          Where and when you meet, and how often:{' '}
          <Link to={`${base}/events/add`}>Add an event</Link>.
        </>
      );
    case 'mailingList':
      return (
        <>
          Its first member: add the people you already know on{' '}
          <Link to={`${base}/members`}>Members</Link>. Once the page is active, visitors who sign up
          on it join the list too.
        </>
      );
    case 'emailAlias':
      return (
        <>
          A field organizer or an admin gives the chapter its address
          {organizer ? (
            <>
              {' '}
              in <Link to={`${base}/settings`}>Chapter Settings</Link>
            </>
          ) : null}
          .
        </>
      );
    case 'active':
      return <>A field organizer or an admin makes the page active once the host’s part is done.</>;
  }
}

/**
 * A hidden chapter's way to going live (issue 35, item 6): the steps of its setup checklist,
 * each ticked as the server counts it (GET /api/chapter/{id}/setup), each linking to where it
 * is done; for a field organizer or an admin, Make active once the host's part is done. The host's dashboard and the
 * admin's both show it.
 */
export function SetupChecklist({ chapter, base, onActivated }: Props) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setup = useQuery({
    queryKey: chapterSetupKey(chapter.id),
    queryFn: () =>
      apiGet(`/api/chapter/${chapter.id}/setup`, !import.meta.env?.PROD && chapterSetupSchema),
  });
  const mayActivate = mayMakeChapterActive(user, chapter.id);
  const organizer = hasFieldOrganizerAccess(user, chapter.id);

  async function makeActive() {
    setBusy(true);
    setFailure(null);
    try {
      await apiSend(
        'POST',
        `/api/chapter/${chapter.id}/make_active`,
        {},
        !import.meta.env?.PROD && chapterSetupSchema,
      );
      setAsking(false);
      toast.show({
        type: 'success',
        title: 'Chapter is live',
        message: `${chapter.displayTitle} is active: everyone can see its page now, and its hosts have been emailed.`,
      });
      await queryClient.invalidateQueries({ queryKey: chapterSetupKey(chapter.id) });
      await onActivated();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card-body mb-3" aria-labelledby={headingId} data-testid="setup">
      <h2 id={headingId} className="h5">
        Getting ready to go live
      </h2>
      <p>
        This chapter is hidden: only its hosts, field organizers and admins see it. It goes live
        when these are done.
      </p>
      {setup.isPending ? (
        <p className="text-body-secondary mb-0">Loading the checklist…</p>
      ) : setup.isError ? (
        <InlineRetry what="setup checklist" onRetry={() => void setup.refetch()} />
      ) : (
        <>
          <ol className="list-unstyled mb-0 setup-steps">
            {SETUP_STEPS.map((step) => {
              const done = setup.data.done[step.key];
              return (
                <li key={step.key} className="d-flex gap-2 mb-2" data-step={step.key}>
                  <span
                    className={`setup-mark ${done ? 'setup-mark-done' : ''}`}
                    aria-hidden="true"
                  >
                    {done ? '✓' : ''}
                  </span>
                  <div>
                    <span className="fw-semibold">{step.title}</span>{' '}
                    <span className="small">
                      (
                      {done
                        ? 'done'
                        : step.who === 'admin'
                          ? 'a field organizer’s or admin’s step'
                          : 'to do'}
                      )
                    </span>
                    {!done && (
                      <div className="small text-body-secondary">
                        {stepHelp(step.key, base, organizer)}
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {mayActivate && setup.data.hostPartDone && !setup.data.done.active && (
            <div className="mt-2">
              <Button onClick={() => setAsking(true)}>Make active</Button>
            </div>
          )}
          {mayActivate && !setup.data.hostPartDone && (
            <p className="small mb-0 mt-2">Make active comes here once the host’s part is done.</p>
          )}
          <ConfirmDialog
            show={asking}
            title={`Make ${chapter.displayTitle} active?`}
            confirmLabel="Make active"
            confirmVariant="primary"
            busy={busy}
            error={failure}
            onConfirm={() => void makeActive()}
            onCancel={() => {
              setAsking(false);
              setFailure(null);
            }}
          >
            Its page shows on the map and in the directory, visitors can join its list, and its
            hosts get an email saying it is live.
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
