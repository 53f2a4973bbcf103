import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import type { HostApplication } from '../../../../common/schemas/applications';
import { QueryState } from '../../../components/QueryState';
import { APPLICATIONS_PATH, STATUS_BADGE, statusLabel, useApplications } from './applicationsQuery';
import { placeName } from '../../../../common/address';

// Spec 2 §2: Open; Approved, with those approved without a chapter; Denied.
const GROUPS: { title: string; statuses: readonly HostApplication['status'][] }[] = [
  { title: 'Open', statuses: ['open'] },
  { title: 'Approved', statuses: ['approved', 'approved_without_creation'] },
  { title: 'Denied', statuses: ['denied'] },
];

/** /admin/chapter_host_applications: every application, grouped by status, newest first. */
export function ApplicationsScreen() {
  const query = useApplications();
  const [showArchived, setShowArchived] = useState(false);
  return (
    <section aria-labelledby="applications-title">
      <h1 id="applications-title" className="h2">
        Chapter Host Applications
      </h1>
      <Form.Check
        type="switch"
        id="show-archived"
        className="mb-3"
        label="Show archived applications"
        checked={showArchived}
        onChange={(e) => setShowArchived(e.target.checked)}
      />
      <QueryState query={query} what="applications">
        {(all) => {
          const shown = all.filter((a) => showArchived || !a.isArchived);
          return GROUPS.map((g) => (
            <ApplicationGroup
              key={g.title}
              title={g.title}
              applications={shown.filter((a) => g.statuses.includes(a.status))}
            />
          ));
        }}
      </QueryState>
    </section>
  );
}

function ApplicationGroup({
  title,
  applications,
}: {
  title: string;
  applications: readonly HostApplication[];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h4">
        {title} <span className="badge text-bg-light border">{applications.length}</span>
      </h2>
      {applications.length === 0 ? (
        <p className="text-body-secondary">None</p>
      ) : (
        <ul className="list-group">
          {applications.map((a) => (
            <li key={a.slug} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
              <div className="me-auto text-break">
                <Link to={`${APPLICATIONS_PATH}/${a.slug}`} className="fw-semibold">
                  {placeName(a)}
                </Link>{' '}
                <span className="text-capitalize">{a.type}</span> · {a.user.name}
                <div className="small text-body-secondary">
                  Applied <time dateTime={a.createdAt}>{formatMediumDate(a.createdAt)}</time>
                </div>
              </div>
              {a.status !== 'open' && <Badge {...STATUS_BADGE[a.status]}>{statusLabel(a)}</Badge>}
              {a.isArchived && (
                <Badge bg="light" text="dark" className="border">
                  Archived
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
