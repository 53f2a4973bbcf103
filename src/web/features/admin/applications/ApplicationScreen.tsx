import Badge from 'react-bootstrap/Badge';
import { Link, useParams } from 'react-router';
import { CHAPTER_TYPE_SUFFIX } from '../../../../common/constants';
import { formatMediumDate } from '../../../../common/format';
import type { HostApplication } from '../../../../common/schemas/applications';
import { stateName } from '../../../../common/states';
import { QueryState } from '../../../components/QueryState';
import { UserNotes } from '../userNotes/UserNotes';
import { ApplicationActions } from './ApplicationActions';
import { ApplicationChecks } from './ApplicationChecks';
import { APPLICATIONS_PATH, STATUS_BADGE, statusLabel, useApplication } from './applicationsQuery';
import { useSaveApplication } from './useSaveApplication';
import { placeNameInFull } from '../../../../common/address';

/** /admin/chapter_host_applications/{slug} (spec 2 §2, §4). */
export function ApplicationScreen() {
  const { slug = '' } = useParams();
  const query = useApplication(slug);
  return (
    <>
      <Link to={APPLICATIONS_PATH} className="d-inline-block mb-2">
        ‹ All Chapter Host Applications
      </Link>
      <QueryState query={query} what="application">
        {(application) => <ApplicationDetails application={application} />}
      </QueryState>
    </>
  );
}

function ApplicationDetails({ application: a }: { application: HostApplication }) {
  const save = useSaveApplication(a);
  return (
    <section aria-labelledby="application-title">
      <h1 id="application-title" className="h2">
        {placeNameInFull(a)}
      </h1>
      <div className="card card-body mb-3">
        <dl className="row mb-0">
          <dt className="col-sm-3">Applicant</dt>
          <dd className="col-sm-9 text-break">
            <Link to={`/admin/users/${a.user.id}`}>{a.user.name}</Link>{' '}
            <a href={`mailto:${a.user.email}`}>{a.user.email}</a>
          </dd>
          <dt className="col-sm-3">Status</dt>
          <dd className="col-sm-9">
            <Badge {...STATUS_BADGE[a.status]}>{statusLabel(a)}</Badge>{' '}
            {a.isArchived && (
              <Badge bg="light" text="dark" className="border">
                Archived
              </Badge>
            )}
          </dd>
          <dt className="col-sm-3">Type</dt>
          <dd className="col-sm-9 text-capitalize">
            {a.type} {CHAPTER_TYPE_SUFFIX}
          </dd>
          <dt className="col-sm-3">City</dt>
          <dd className="col-sm-9">{a.city}</dd>
          <dt className="col-sm-3">State</dt>
          <dd className="col-sm-9">{stateName(a.state) ?? a.state}</dd>
          <dt className="col-sm-3">Applied</dt>
          <dd className="col-sm-9">
            <time dateTime={a.createdAt}>{formatMediumDate(a.createdAt)}</time>
          </dd>
          <dt className="col-sm-3">Reason</dt>
          <dd className="col-sm-9 text-prewrap text-break mb-0">{a.reason}</dd>
        </dl>
      </div>
      <ApplicationChecks application={a} save={save} />
      <ApplicationActions application={a} save={save} />
      <UserNotes userId={a.user.id} name={a.user.name} />
    </section>
  );
}
