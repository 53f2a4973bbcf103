import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { LIMITS } from '../../../common/constants';
import { confirmAnswerSchema } from '../../answerSchemas';
import { ApiError, apiSend } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import { MailingListSignup } from '../../components/chapterPin/MailingListSignup';

type Chapter = { id: number; state: string; slug: string };
const chapterPath = (c: Chapter) => `/chapter/${c.state.toLowerCase()}/${c.slug}`;

/**
 * The page a sign-up's confirmation link opens: it confirms (a POST, so a mail scanner that
 * fetches the link confirms nothing) and says which list. An expired link offers the sign-up
 * again; an unknown one points to the chapters.
 */
export function ConfirmSubscriptionScreen() {
  const { token = '' } = useParams();
  const confirm = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        `/api/mailing_list/confirm/${encodeURIComponent(token)}`,
        {},
        !import.meta.env?.PROD && confirmAnswerSchema,
      ),
  });
  const { mutate } = confirm;
  // Once per link: a second call (React's development double effect) would answer
  // 'already confirmed' over the first call's 'confirmed'.
  const asked = useRef('');
  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    mutate();
  }, [mutate, token]);

  let content;
  // The heading says what happened (issue 35): not "Confirm your subscription" over a
  // subscription that is confirmed.
  let title = 'Confirming your subscription';
  if (confirm.isError) {
    title =
      confirm.error instanceof ApiError && confirm.error.status === 404
        ? 'Confirmation link not valid'
        : 'Confirm your subscription';
    content =
      confirm.error instanceof ApiError && confirm.error.status === 404 ? (
        <>
          <p className="lead">
            This confirmation link is not valid. Please check that it was copied whole.
          </p>
          <p>
            You can sign up again on your <Link to="/">chapter&apos;s page</Link>.
          </p>
        </>
      ) : (
        <Alert variant="danger">
          Your subscription could not be confirmed.{' '}
          <Button size="sm" variant="danger" onClick={() => mutate()}>
            Try again
          </Button>
        </Alert>
      );
  } else if (!confirm.data) {
    content = <PageSpinner label="Confirming your subscription..." />;
  } else {
    const { result, email, listName, chapter } = confirm.data;
    title = result === 'expired' ? 'Confirmation link expired' : 'Subscription confirmed';
    content =
      result === 'expired' ? (
        <>
          <p className="lead">
            This link has expired: links work for {LIMITS.confirmLinkDays} days. Sign up again and
            we will send you a new one.
          </p>
          {chapter ? (
            <div style={{ maxWidth: '32rem' }}>
              <MailingListSignup chapterId={chapter.id} listName={listName} />
            </div>
          ) : (
            <p>
              Find your chapter on the <Link to="/">map</Link>.
            </p>
          )}
        </>
      ) : (
        <>
          <p role="status" className="lead text-break">
            {result === 'confirmed'
              ? `Thank you! ${email} is confirmed for the ${listName} list.`
              : `${email} is already confirmed for the ${listName} list.`}{' '}
            Emails about meetings will come there; each one has a link to unsubscribe.
          </p>
          {chapter && <Link to={chapterPath(chapter)}>Go to {listName}</Link>}
        </>
      );
  }
  return (
    <section className="py-4" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="h2">
        {title}
      </h1>
      {content}
    </section>
  );
}
