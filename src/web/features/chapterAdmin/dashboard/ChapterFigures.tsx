import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { formatMediumDate } from '../../../../common/format';
import { HEALTH_LEVEL_TEXT, HEALTH_REASON_TEXT } from '../../../../common/chapterHealth';
import type { DashboardChapter } from '../../../../common/schemas/adminDashboard';
import { InlineRetry } from '../../../components/InlineRetry';
import { useChapterListId } from '../members/useChapterContacts';

const LEVEL_BADGE = { lapsed: 'danger', at_risk: 'warning', ok: 'success', hidden: 'secondary' };

function Figure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="col-sm-6 col-lg-3">
      <div className="card card-body h-100">
        <h2 className="h6 text-body-secondary">{title}</h2>
        {children}
      </div>
    </div>
  );
}

/**
 * The chapter's four figures (issue 35): members, last email, last event and health, each as
 * the server defines it for every screen, with a link to where it is changed.
 */
export function ChapterFigures({
  chapterId,
  figures,
  base,
}: {
  chapterId: number;
  figures: DashboardChapter;
  base: string;
}) {
  const list = useChapterListId(chapterId);
  const count = figures.memberCount;
  let members;
  if (list.isPending) members = <p className="mb-0">Loading...</p>;
  else if (list.isError)
    members = <InlineRetry what="mailing list" onRetry={() => void list.refetch()} />;
  else if (list.data.listId === null)
    // What a visitor sees agrees: the chapter page offers its sign-up form, and the first
    // sign-up makes the list (docs/decisions/07-chapter-email.md). No list is no member yet.
    members = (
      <>
        <p className="fs-4 mb-1">No members yet</p>
        <p className="small text-body-secondary mb-1">
          The list starts with the first sign-up on the chapter page.
        </p>
        <Link to={`${base}/members`}>Add the people you know</Link>
      </>
    );
  else
    members = (
      <>
        <p className="fs-4 mb-1">
          {count.toLocaleString('en-US')} {count === 1 ? 'member' : 'members'}
        </p>
        <p className="small text-body-secondary mb-1">Confirmed and subscribed</p>
        <Link to={`${base}/members`}>Members</Link>
      </>
    );
  return (
    <div className="row g-3 mb-3" data-testid="chapter-figures">
      <Figure title="Members">{members}</Figure>
      <Figure title="Last email">
        <p className="fs-4 mb-1">
          {figures.lastEmailAt ? formatMediumDate(figures.lastEmailAt) : 'Never'}
        </p>
        <Link to={`${base}/email`}>Send Email</Link>
      </Figure>
      <Figure title="Last event">
        <p className="fs-4 mb-1">
          {figures.lastEventDate ? formatMediumDate(figures.lastEventDate) : 'None yet'}
        </p>
        {figures.nextEventDate && (
          <p className="small text-body-secondary mb-1">
            Next {formatMediumDate(figures.nextEventDate)}
          </p>
        )}
        <Link to={`${base}/events`}>Events</Link>
      </Figure>
      <Figure title="Health">
        <p className="fs-4 mb-1">
          <Badge
            bg={LEVEL_BADGE[figures.health]}
            text={figures.health === 'at_risk' ? 'dark' : undefined}
          >
            {HEALTH_LEVEL_TEXT[figures.health]}
          </Badge>
        </p>
        {figures.healthReasons.length > 0 && (
          <p className="small mb-0">
            {figures.healthReasons.map((x) => HEALTH_REASON_TEXT[x]).join(', ')}
          </p>
        )}
      </Figure>
    </div>
  );
}
