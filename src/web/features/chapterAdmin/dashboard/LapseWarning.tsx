import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { formatMediumDate, timeAgo } from '../../../../common/format';
import { emailLapse } from '../../../../common/lapsed';

/**
 * Spec 1 §2: chapters with no email in two months are removed. From six weeks after the last
 * email the host is told the date the chapter will be flagged as lapsed (common/lapsed.ts, as
 * the admins' chapter health reads it), while there is time to write.
 */
export function LapseWarning({
  lastEmail,
  active,
  emailPath,
}: {
  lastEmail: string | null;
  /** Only an active chapter can lapse (common/lapsed.ts chapterLapse): a hidden one is off the site. */
  active: boolean;
  emailPath: string;
}) {
  const { state, lapsesAt } = emailLapse(lastEmail);
  if (!active || state === 'current') return null;
  const send = (
    <Link to={emailPath} className="alert-link">
      Send an email now
    </Link>
  );
  if (state === 'due' && lastEmail && lapsesAt) {
    return (
      <Alert variant="warning" data-testid="lapse-warning">
        <strong>
          The last email to the list went out {timeAgo(lastEmail)}. Send one by{' '}
          {formatMediumDate(lapsesAt)}, or the chapter will be flagged as lapsed that day.
        </strong>{' '}
        Chapters with no email in two months are removed from the site. {send}
      </Alert>
    );
  }
  // A chapter that never emailed is spared for its first two months (chapterLapse); the answer
  // here does not say how old the chapter is, so its host is asked to write, not told it lapsed.
  return (
    <Alert variant={lastEmail ? 'danger' : 'warning'} data-testid="lapse-warning">
      <strong>
        {lastEmail
          ? `The last email to the list went out ${timeAgo(lastEmail)}: the chapter has been flagged as lapsed since ${formatMediumDate(lapsesAt!)}.`
          : 'This chapter has not emailed its list yet: send its first email within two months of its start.'}
      </strong>{' '}
      Chapters with no email in two months are removed from the site. {send}
    </Alert>
  );
}
