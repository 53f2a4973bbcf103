import { useQuery } from '@tanstack/react-query';
import Nav from 'react-bootstrap/Nav';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { hasFieldOrganizerAccess, hasHostAccess } from '../../../common/policy';
import { chapterSchema } from '../../answerSchemas';
import { ApiError, apiGet } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { adminChapterKey, type AdminChapterContext } from './useAdminChapter';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';

// Spec 2 §2 side menu, in its order, with Posts (issue 35) beside Send Email. Chapter Settings
// shows only with field-organizer access.
const MENU = [
  { to: '', label: 'Dashboard', end: true },
  { to: 'resources', label: 'Resources' },
  { to: 'settings', label: 'Chapter Settings', fieldOrganizer: true },
  { to: 'content', label: 'Page Content' },
  { to: 'hosts', label: 'Chapter Hosts' },
  { to: 'posts', label: 'Posts' },
  { to: 'email', label: 'Send Email' },
  { to: 'events', label: 'Events' },
  { to: 'members', label: 'Members' },
  { to: 'links', label: 'Links' },
  { to: 'notes', label: 'Notes' },
  { to: 'press_mentions', label: 'Press Mentions' },
  { to: 'embed', label: 'Embed on your site' },
] as const;

/** The chapter admin area (spec 2 §2): loads the chapter and hands it to each sub-screen. */
export function ChapterAdminLayout() {
  const { state = '', slug = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: adminChapterKey(slug),
    queryFn: () =>
      apiGet(
        `/api/chapter/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && chapterSchema,
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
  if (query.isPending) return <PageSpinner label="Loading the chapter..." />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <NoAccess />;
    }
    return <LoadFailedAlert what="chapter" onRetry={() => void query.refetch()} />;
  }
  const chapter = query.data;
  if (!hasHostAccess(user, chapter.id)) return <NoAccess />;
  const publicPath = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const base = `/chapter/${state}/${slug}/admin`;
  const context: AdminChapterContext = { chapter, base, publicPath };
  const menu = MENU.filter(
    (item) => !('fieldOrganizer' in item) || hasFieldOrganizerAccess(user, chapter.id),
  );
  return (
    <div className="row">
      <div className="col-md-3 mb-3">
        <p className="small text-body-secondary mb-1">Chapter Admin Tools</p>
        <p className="h5 mb-1">{chapter.displayTitle}</p>
        <Link to={publicPath}>View chapter page</Link>
        <Nav as="nav" className="flex-md-column admin-side-nav mt-2" aria-label="Chapter admin">
          {menu.map((item) => (
            <Nav.Link
              key={item.label}
              as={NavLink}
              to={item.to ? `${base}/${item.to}` : base}
              end={'end' in item}
            >
              {item.label}
            </Nav.Link>
          ))}
        </Nav>
      </div>
      <div className="col-md-9">
        <Outlet context={context} />
      </div>
    </div>
  );
}

function NoAccess() {
  return (
    <section className="py-4">
      <h1 className="h2">Chapter Admin Tools</h1>
      <p>
        This chapter does not exist, or you are not one of its hosts. <Link to="/">Go home</Link>
      </p>
    </section>
  );
}
