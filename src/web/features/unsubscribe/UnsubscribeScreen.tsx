import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router';
import { isPreviewToken } from '../../../common/previewLinks';
import { unsubscribeInfoSchema, resultSchema } from '../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';

/**
 * The page an email's unsubscribe link opens. Opening it changes nothing (mail scanners follow
 * links); the button does. Mail clients' one-click unsubscribe posts to the API directly.
 */
export function UnsubscribeScreen() {
  const { token = '' } = useParams();
  return (
    <section className="py-4" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title" className="h2">
        Unsubscribe
      </h1>
      {isPreviewToken(token) ? (
        <Alert variant="info">
          This link is from a preview of an email to the list. In a member’s copy it opens the page
          where they can stop the chapter’s email. Nobody was unsubscribed.
        </Alert>
      ) : (
        <ForToken token={token} />
      )}
    </section>
  );
}

function ForToken({ token }: { token: string }) {
  const path = `/api/mailing_list/unsubscribe/${encodeURIComponent(token)}`;
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => apiGet(path, !import.meta.env?.PROD && unsubscribeInfoSchema),
    retry: false,
  });
  const unsubscribe = useMutation({
    mutationFn: () => apiSend('POST', path, {}, !import.meta.env?.PROD && resultSchema),
  });

  let content;
  if (info.isPending) content = <PageSpinner label="Looking up your subscription..." />;
  else if (info.isError) {
    content =
      info.error instanceof ApiError && info.error.status === 404 ? (
        <p>This unsubscribe link is not valid. Please check that it was copied whole.</p>
      ) : (
        <Alert variant="danger">
          Your subscription could not be looked up.{' '}
          <Button size="sm" variant="danger" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </Alert>
      );
  } else if (unsubscribe.isSuccess || info.data.unsubscribed) {
    content = (
      <p role="status" className="lead">
        {info.data.email} is unsubscribed from {info.data.listName}. You will get no more email from
        this list.
      </p>
    );
  } else {
    content = (
      <>
        <p className="lead">
          Stop sending email from {info.data.listName} to {info.data.email}?
        </p>
        {unsubscribe.isError && (
          <Alert variant="danger">Something went wrong. Please try again.</Alert>
        )}
        <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </>
    );
  }
  return content;
}
