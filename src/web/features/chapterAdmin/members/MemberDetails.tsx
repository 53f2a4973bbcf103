import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { LIMITS } from '../../../../common/constants';
import { formatMediumDate } from '../../../../common/format';
import { memberStatusName } from '../../../../common/memberFilters';
import { contactDetailsSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { BounceNote } from './BounceNote';

/**
 * Spec 2 §2 Members, §4: loading ('Loading details...'), then loaded. A failure is only logged
 * and ends loading as loaded (spec 2 §4), so it shows what it has: nothing but a short note.
 */
export function MemberDetails({ email, listId }: { email: string; listId: string }) {
  const query = useQuery({
    queryKey: ['member', listId, email],
    queryFn: async () => {
      try {
        return await apiGet(
          `/api/mailing_list/contact_details/${encodeURIComponent(email)}?listId=${encodeURIComponent(listId)}`,
          !import.meta.env?.PROD && contactDetailsSchema,
        );
      } catch (err) {
        console.warn('Could not load contact details', err);
        return null;
      }
    },
  });
  if (query.isPending) {
    return (
      <div className="d-flex align-items-center gap-2 py-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Loading details...
      </div>
    );
  }
  const details = query.data;
  if (!details) return <p className="small text-body-secondary py-2 mb-0">No details available.</p>;
  const recent = details.recentMessages.slice(0, LIMITS.recentMessagesMax);
  return (
    <div className="py-2 small">
      <dl className="row mb-2">
        <dt className="col-5 col-sm-3">Sends</dt>
        <dd className="col-7 col-sm-3">{details.numSends}</dd>
        <dt className="col-5 col-sm-3">Opens</dt>
        <dd className="col-7 col-sm-3">{details.numOpens}</dd>
        <dt className="col-5 col-sm-3">Clicks</dt>
        <dd className="col-7 col-sm-3">{details.numClicks}</dd>
        <dt className="col-5 col-sm-3">Last activity</dt>
        <dd className="col-7 col-sm-3">
          {details.lastActivity ? formatMediumDate(details.lastActivity) : 'None'}
        </dd>
        {memberStatusName(details.status) === 'bounced' ? (
          <BounceNote details={details} listId={listId} />
        ) : (
          details.blockedDate && (
            <>
              <dt className="col-5 col-sm-3">Blocked</dt>
              <dd className="col-7 col-sm-9">
                {formatMediumDate(details.blockedDate)}
                {details.blockedReason && `: ${details.blockedReason}`}
              </dd>
            </>
          )
        )}
      </dl>
      <h3 className="h6">Recent messages</h3>
      {recent.length === 0 ? (
        <p className="mb-0">No recent messages in the last {LIMITS.recentMessagesDays} days</p>
      ) : (
        <ul className="mb-0">
          {recent.map((m) => (
            <li key={m.campaignId}>
              {formatMediumDate(m.sentDate)}: {m.subject}
              {m.opened && <span className="badge text-bg-info ms-2">opened</span>}
              {m.clicked && <span className="badge text-bg-success ms-2">clicked</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
