import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMediumDate } from '../../../common/format';
import { hostApplicationListSchema, hostApplicationSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { ListPlaceholder } from '../../components/ListPlaceholder';
import { QueryState } from '../../components/QueryState';
import { NextSteps } from './NextSteps';
import { CHAPTER_TYPE_SUFFIX, type HostApplicationStatus } from '../../../common/constants';
import { placeNameInFull } from '../../../common/address';

/**
 * An application's status in the applicant's words (the admins' labels speak of creation): the
 * list says where each one stands (issue 35).
 */
const STATUS_FOR_APPLICANT: Record<HostApplicationStatus, { text: string; badge: string }> = {
  open: { text: 'Under review', badge: 'text-bg-warning' },
  approved: { text: 'Approved', badge: 'text-bg-success' },
  approved_without_creation: { text: 'Approved', badge: 'text-bg-success' },
  denied: { text: 'Not approved', badge: 'text-bg-secondary' },
};

/** /my_chapter_host_applications: the user's applications, newest first. */
export function MyApplicationsScreen() {
  const query = useQuery({
    queryKey: ['applications', 'my'],
    queryFn: () =>
      apiGet(
        '/api/chapter_host_application/my',
        !import.meta.env?.PROD && hostApplicationListSchema,
      ),
  });
  return (
    <>
      <h1>My Chapter Host Applications</h1>
      {query.isPending ? (
        <ListPlaceholder label="Loading your applications..." />
      ) : (
        <QueryState query={query} what="applications">
          {(list) =>
            list.length === 0 ? (
              <p>
                You have not applied to start a chapter yet.{' '}
                <Link to="/intro_start_chapter">Start one!</Link>
              </p>
            ) : (
              <ul className="list-group">
                {list.map((a) => (
                  <li
                    key={a.slug}
                    className="list-group-item d-flex flex-wrap align-items-baseline gap-2"
                  >
                    <Link to={`/my_chapter_host_applications/${a.slug}`}>{placeNameInFull(a)}</Link>
                    <span className="text-capitalize" data-testid="application-type">
                      {a.type} {CHAPTER_TYPE_SUFFIX}
                    </span>
                    <span
                      className={`badge ${STATUS_FOR_APPLICANT[a.status].badge}`}
                      data-testid="application-status"
                    >
                      {STATUS_FOR_APPLICANT[a.status].text}
                    </span>
                    <span className="text-body-secondary small">
                      Sent {formatMediumDate(a.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      )}
    </>
  );
}

/** The detail; its status text is a placeholder (spec 1 §2), not the application's status. */
export function MyApplicationScreen() {
  const { slug = '' } = useParams();
  const query = useQuery({
    queryKey: ['applications', slug],
    queryFn: () =>
      apiGet(
        `/api/chapter_host_application/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && hostApplicationSchema,
      ),
    retry: false,
  });
  return (
    <QueryState query={query} what="application">
      {(a) => (
        <article>
          <Link to="/my_chapter_host_applications">Back</Link>
          <h1 className="mt-2">{placeNameInFull(a)}</h1>
          <p className="text-body-secondary">Sent {formatMediumDate(a.createdAt)}</p>
          <dl>
            <dt>Type of chapter</dt>
            <dd className="text-capitalize">{a.type} Liberally</dd>
            <dt>Why you want to start one</dt>
            <dd className="text-prewrap">{a.reason}</dd>
            <dt>Status</dt>
            <dd>We will be in touch about your application.</dd>
          </dl>
          {a.status === 'open' && <NextSteps application={a} />}
        </article>
      )}
    </QueryState>
  );
}
