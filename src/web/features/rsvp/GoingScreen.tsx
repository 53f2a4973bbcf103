import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { isPreviewToken } from '../../../common/previewLinks';
import type { GoingPage } from '../../../common/schemas/going';
import { goingPageSchema } from '../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../api';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage } from '../../components/forms/errorMessage';
import { statusText } from '../../components/rsvp/rsvpOutcome';

const goingKey = (token: string) => ['going', token] as const;

/**
 * /going/{token}, where a meeting reminder's "I'm going" and the reminder to those going's
 * "cancel" lead (issue 34): the meeting, the address the email went to, and one button. Opening
 * the page records nothing (mail scanners follow links): only the button's POST does.
 */
export function GoingScreen() {
  const { token = '' } = useParams();
  return (
    <section className="py-4" aria-labelledby="going-title" style={{ maxWidth: '40rem' }}>
      <h1 id="going-title" className="h2">
        Are you going?
      </h1>
      {isPreviewToken(token) ? <FromPreview /> : <GoingForToken token={token} />}
    </section>
  );
}

/** Opened from the reminder's preview on Chapter Settings: no member's copy, nothing to record. */
function FromPreview() {
  return (
    <Alert variant="info">
      This link is from a preview of the meeting reminder. In a member’s copy, “I’m going” opens
      this page for their own address and the meeting, and one button here records their RSVP.
      Nothing was recorded from the preview.
    </Alert>
  );
}

function GoingForToken({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const path = `/api/going/${encodeURIComponent(token)}`;
  const query = useQuery({
    queryKey: goingKey(token),
    queryFn: () => apiGet(path, !import.meta.env?.PROD && goingPageSchema),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
  const answer = useMutation({
    mutationFn: (going: boolean) =>
      apiSend('POST', path, { going }, !import.meta.env?.PROD && goingPageSchema),
    onSuccess: (page) => {
      queryClient.setQueryData(goingKey(token), page);
      void queryClient.invalidateQueries({ queryKey: ['rsvp-count'] });
    },
  });
  let content;
  if (query.isPending) content = <PageSpinner label="Loading the meeting..." />;
  else if (query.isError) {
    content =
      query.error instanceof ApiError && query.error.status < 500 ? (
        <p className="lead">
          This link is not valid. Please check that it was copied whole from the email, or find the
          meeting on the <Link to="/">map of chapters</Link>.
        </p>
      ) : (
        <LoadFailedAlert what="meeting" onRetry={() => void query.refetch()} />
      );
  } else content = <GoingDetails page={query.data} answer={answer} />;
  return content;
}

interface Answer {
  mutate: (going: boolean) => void;
  isPending: boolean;
  variables: boolean | undefined;
  isError: boolean;
  error: unknown;
}

function GoingDetails({ page, answer }: { page: GoingPage; answer: Answer }) {
  const going = page.status === 'going' || page.status === 'waitlisted';
  const busy = (which: boolean) => answer.isPending && answer.variables === which;
  return (
    <>
      <div className="card card-body mb-3">
        <h2 className="h4 mb-1">
          <Link to={page.eventPath}>{page.eventName}</Link>
        </h2>
        <p className="mb-1">
          <Link to={page.chapterPath}>{page.chapterTitle}</Link>
        </p>
        <p className="fs-5 mb-1">{page.when}</p>
        <address className="mb-0">{page.place}</address>
      </div>
      <p role="status" className="lead mb-1">
        {page.status && page.status !== 'cancelled'
          ? statusText(page.status, page.position)
          : 'You have not said you’re going.'}
      </p>
      <p className="text-body-secondary text-break">For {page.email}</p>
      {!page.open ? (
        <Alert variant="warning">{page.closedReason ?? 'This meeting takes no RSVPs now.'}</Alert>
      ) : (
        <div className="d-flex flex-wrap gap-2">
          {!going && (
            <Button onClick={() => answer.mutate(true)} disabled={answer.isPending}>
              {busy(true) && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              I’m going
            </Button>
          )}
          {going && (
            <Button
              variant="outline-danger"
              onClick={() => answer.mutate(false)}
              disabled={answer.isPending}
            >
              {busy(false) && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              I’m not going after all
            </Button>
          )}
        </div>
      )}
      {answer.isError && (
        <Alert variant="danger" className="mt-3" role="alert">
          {errorMessage(answer.error, 'That did not go through. Please try again.')}
        </Alert>
      )}
    </>
  );
}
