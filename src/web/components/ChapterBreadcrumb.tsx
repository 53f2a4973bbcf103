import { Link } from 'react-router';
import { stateName } from '../../common/states';

/**
 * Where a chapter's pages sit: its state's page, the chapter, and the page itself (an event).
 * The chapter page and the event page show the same trail (issue 35); the last crumb is the page
 * the visitor is on.
 */
export function ChapterBreadcrumb({
  chapter,
  here,
}: {
  chapter: { state: string; slug: string; displayTitle: string };
  /** The event's name on its page; absent on the chapter's own page. */
  here?: string;
}) {
  const chapterPath = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb mb-2">
        <li className="breadcrumb-item">
          <Link to={`/chapters/${chapter.state.toLowerCase()}`}>
            {stateName(chapter.state) ?? chapter.state}
          </Link>
        </li>
        {here === undefined ? (
          <li className="breadcrumb-item active" aria-current="page">
            {chapter.displayTitle}
          </li>
        ) : (
          <>
            <li className="breadcrumb-item">
              <Link to={chapterPath}>{chapter.displayTitle}</Link>
            </li>
            <li className="breadcrumb-item active" aria-current="page">
              {here}
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}
