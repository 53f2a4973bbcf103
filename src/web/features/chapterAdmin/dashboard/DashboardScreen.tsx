import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { formatMediumDate } from '../../../../common/format';
import { SendList } from '../sends/SendList';
import { useAdminChapter } from '../useAdminChapter';
import { LapseWarning } from './LapseWarning';
import { MemberCount } from './MemberCount';
import { NextMeetings } from './NextMeetings';
import { DateRsvpSummary } from './DateRsvpSummary';
import { AttendanceHistory } from './AttendanceHistory';
import { RecentActivity } from './RecentActivity';

/**
 * The chapter dashboard (spec 2 §2 leaves it open): what a host needs at a glance, each part
 * linking to the screen where it is changed.
 */
export function DashboardScreen() {
  const { chapter, base } = useAdminChapter();
  const last = chapter.lastBlogPostDate;
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="h2">
        Dashboard
      </h1>
      {chapter.status !== 1 && (
        <Alert variant="secondary">
          This chapter is hidden: only its hosts, field organizers and admins see it.
        </Alert>
      )}
      <LapseWarning lastEmail={last} active={chapter.status === 1} emailPath={`${base}/email`} />
      <div className="row g-3 mb-3">
        <div className="col-sm-6">
          <div className="card card-body h-100">
            <h2 className="h6 text-body-secondary">Members</h2>
            <MemberCount chapterId={chapter.id} membersPath={`${base}/members`} />
          </div>
        </div>
        <div className="col-sm-6">
          <div className="card card-body h-100">
            <h2 className="h6 text-body-secondary">Last email</h2>
            <p className="fs-4 mb-1">{last ? formatMediumDate(last) : 'Never'}</p>
            <Link to={`${base}/email`}>Send Email</Link>
          </div>
        </div>
      </div>
      <SendList chapterId={chapter.id} />
      <NextMeetings chapter={chapter} eventsPath={`${base}/events`} />
      <DateRsvpSummary chapterId={chapter.id} base={base} />
      <AttendanceHistory chapterId={chapter.id} />
      <RecentActivity chapterId={chapter.id} />
    </section>
  );
}
