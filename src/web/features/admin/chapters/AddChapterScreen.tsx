import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { APPLICATION_DECIDED_MESSAGES } from '../../../../common/applicationMessages';
import { QueryState } from '../../../components/QueryState';
import { APPLICATIONS_PATH, useApplication } from '../applications/applicationsQuery';
import { AddChapterFormCard } from './AddChapterFormCard';
import { CHAPTERS_PATH } from './chaptersQuery';
import { placeName } from '../../../../common/address';

/**
 * /admin/chapters/add and /admin/chapters/add/application/{slug} (spec 2 Editor screens): a new
 * chapter, hidden until enabled in its settings; from an open application, its applicant becomes
 * the chapter's host.
 */
export function AddChapterScreen() {
  const { chapterHostApplicationSlug: slug } = useParams();
  return (
    <section aria-labelledby="add-chapter-title">
      <Link to={CHAPTERS_PATH} className="d-inline-block mb-2">
        ‹ All Chapters
      </Link>
      <h1 id="add-chapter-title" className="h2">
        {slug ? 'Add Chapter from Application' : 'Add Chapter'}
      </h1>
      {slug ? <FromApplication slug={slug} /> : <AddChapterFormCard />}
    </section>
  );
}

function FromApplication({ slug }: { slug: string }) {
  const query = useApplication(slug);
  return (
    <QueryState query={query} what="application">
      {(application) =>
        application.status === 'open' ? (
          <>
            <Alert variant="info">
              From the application of{' '}
              <Link to={`${APPLICATIONS_PATH}/${slug}`} className="alert-link">
                {application.user.name}
              </Link>{' '}
              for {placeName(application)}. Once the chapter is created the application is approved
              and {application.user.name} becomes the chapter&apos;s host.
            </Alert>
            <AddChapterFormCard application={application} />
          </>
        ) : (
          <Alert variant="warning">
            {APPLICATION_DECIDED_MESSAGES[application.status]}{' '}
            <Link to={`${APPLICATIONS_PATH}/${slug}`} className="alert-link">
              See the application
            </Link>
          </Alert>
        )
      }
    </QueryState>
  );
}
