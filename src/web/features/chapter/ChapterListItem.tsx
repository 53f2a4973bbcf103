import { Link } from 'react-router';
import { CHAPTER_TYPE_SUFFIX, ROLES } from '../../../common/constants';
import { formatMediumDate, formatTime } from '../../../common/format';
import { hasHostAccess } from '../../../common/policy';
import { frequencyText } from '../../../common/frequencyText';
import type { ChapterSummary } from '../../../common/schemas/chapters';
import { useCurrentUser } from '../auth/useCurrentUser';
import { TypeName } from './TypeName';

/**
 * Spec 1 §2 "Chapter list item", on the state screen (under its h2 "Chapters") and My Chapters
 * (right under the h1, so its titles are h2: a screen reader's outline skips no level).
 */
export function ChapterListItem({
  chapter,
  headingLevel = 3,
}: {
  chapter: ChapterSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { user } = useCurrentUser();
  const base = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const roles = ROLES.filter(
    (r) =>
      (r.id === 3 && user?.chapterHostChapterIds.includes(chapter.id)) ||
      (r.id === 2 && user?.fieldOrganizerChapterIds.includes(chapter.id)),
  ).map((r) => r.name);
  return (
    <li className={`list-group-item py-3${chapter.status === 1 ? '' : ' chapter-inactive'}`}>
      <div className="d-flex flex-wrap align-items-start gap-2">
        <div className="me-auto">
          <Heading className="h5 mb-1">
            <Link to={base}>{chapter.displayTitle}</Link>
            {chapter.status !== 1 && <span className="badge text-bg-secondary ms-2">Hidden</span>}
          </Heading>
          <TypeName type={chapter.chapter_type} suffix={CHAPTER_TYPE_SUFFIX} />
        </div>
        {hasHostAccess(user, chapter.id) && (
          <Link to={`${base}/admin`} className="btn btn-sm btn-outline-primary">
            Admin
          </Link>
        )}
        {chapter.email && (
          <a href={`mailto:${chapter.email}`} className="btn btn-sm btn-outline-secondary">
            Contact Host
          </a>
        )}
      </div>
      {chapter.chapter_events.length > 0 && (
        <ul className="list-unstyled small mb-1 mt-2">
          {chapter.chapter_events.map((e) => (
            <li key={e.id}>
              <strong>{e.name}</strong>: {frequencyText(e, formatMediumDate)},{' '}
              {formatTime(e.startTime)}–{formatTime(e.endTime)}
            </li>
          ))}
        </ul>
      )}
      <p className="small text-body-secondary mb-0">
        Last Active:{' '}
        {chapter.lastBlogPostDate ? formatMediumDate(chapter.lastBlogPostDate) : 'Never'}
      </p>
      {roles.length > 0 && <p className="small mb-0">Your roles: {roles.join(', ')}</p>}
    </li>
  );
}
