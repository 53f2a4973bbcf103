import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { SendMessageAnswer } from '../../../../common/schemas/mailing';

export interface SentEmail {
  title: string;
  answer: SendMessageAnswer;
}

/**
 * What became of a send, in place of the form: how many members it went to and whether it is on the
 * chapter page, with the ways on. The host stays in the admin area (issue 21; spec 2's move to the
 * public page after 2 s left the host without this, docs/decisions/15-first-minutes.md).
 */
export function EmailSent({
  sent,
  dashboardPath,
  publicPath,
  onAnother,
}: {
  sent: SentEmail;
  dashboardPath: string;
  publicPath: string;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the host was in is gone: the focus goes to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  const { recipients, postSlug } = sent.answer;
  return (
    <section className="card card-body border-success" aria-labelledby="email-sent-title">
      <h2 id="email-sent-title" className="h4" tabIndex={-1} ref={heading}>
        Email sent
      </h2>
      <p data-testid="email-sent-summary">
        <strong>{sent.title}</strong> is on its way to{' '}
        {recipients === 1 ? '1 member' : `${recipients.toLocaleString('en-US')} members`} of the
        chapter&apos;s list.{' '}
        {postSlug ? (
          <>
            It is also posted on the <Link to={publicPath}>chapter page</Link>.
          </>
        ) : (
          'It was not posted on the chapter page.'
        )}{' '}
        Either way it counts as the chapter&apos;s latest email.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Link to={dashboardPath} className="btn btn-primary">
          Back to the dashboard
        </Link>
        <Button variant="outline-secondary" onClick={onAnother}>
          Write another email
        </Button>
      </div>
    </section>
  );
}
