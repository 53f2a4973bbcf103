import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import { InlineRetry } from '../../../components/InlineRetry';
import {
  APPLICATIONS_PATH,
  STATUS_BADGE,
  statusLabel,
  useUserApplications,
} from '../applications/applicationsQuery';
import { placeName } from '../../../../common/address';

/** The user's chapter host applications, each linking to its admin screen. */
export function UserApplications({ userId }: { userId: number }) {
  const query = useUserApplications(userId);
  return (
    <section className="mt-4" aria-labelledby="user-applications-title">
      <h2 id="user-applications-title" className="h4">
        Chapter Host Applications
      </h2>
      {query.isPending && <p role="status">Loading applications...</p>}
      {query.isError && <InlineRetry what="applications" onRetry={() => void query.refetch()} />}
      {query.data?.length === 0 && <p>None</p>}
      {query.data && query.data.length > 0 && (
        <ul className="list-group">
          {query.data.map((a) => (
            <li key={a.slug} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
              <Link to={`${APPLICATIONS_PATH}/${a.slug}`} className="me-auto">
                {placeName(a)} <span className="text-capitalize">({a.type})</span>
              </Link>
              <Badge {...STATUS_BADGE[a.status]}>{statusLabel(a)}</Badge>
              {a.isArchived && (
                <Badge bg="light" text="dark">
                  Archived
                </Badge>
              )}
              <span className="small text-body-secondary">
                <time dateTime={a.createdAt}>{formatMediumDate(a.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
