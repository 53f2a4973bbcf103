import { Link, Navigate, useParams } from 'react-router';
import { CHAPTER_NOT_ACTIVE } from '../../../common/constants';
import { placeName } from '../../../common/address';
import { hasHostAccess } from '../../../common/policy';
import { ApiError } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { useChapterBySlug } from '../../hooks/useChapterBySlug';
import { ChapterLinks } from './ChapterLinks';
import { ChapterNotShown } from './ChapterNotShown';
import { ChapterPosts } from './ChapterPosts';
import { ChapterUpcoming } from './ChapterUpcoming';
import { ChapterHeaderImage } from './ChapterHeaderImage';
import { ChapterJoinBox } from '../../components/chapterPin/ChapterJoinBox';
import { PressMentionList } from '../../components/press/PressMentionList';
import { ChapterTypeBadge } from '../../components/cards/ChapterTypeBadge';
import { HostCard } from '../../components/cards/HostCard';
import { ChapterBreadcrumb } from '../../components/ChapterBreadcrumb';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';

/** Spec 1 §2 Chapter screen. A hidden chapter is a 404 to those without host access. */
export function ChapterPage() {
  const { slug = '', state = '' } = useParams();
  const { user } = useCurrentUser();
  const query = useChapterBySlug(slug);
  if (query.isPending) return <PageSpinner label="Loading the chapter..." />;
  if (query.isError) {
    const { error } = query;
    const missing = error instanceof ApiError && error.status === 404;
    return missing ? (
      <ChapterNotShown state={state} inactive={error.body.message === CHAPTER_NOT_ACTIVE} />
    ) : (
      <LoadFailedAlert what="chapter" onRetry={() => void query.refetch()} />
    );
  }
  const chapter = query.data;
  const base = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  // One address per chapter: a link with another state in it goes to the chapter's own.
  if (state.toLowerCase() !== chapter.state.toLowerCase()) return <Navigate to={base} replace />;
  const canAdmin = hasHostAccess(user, chapter.id);
  if (chapter.status !== 1 && !canAdmin) return <ChapterNotShown state={state} inactive />;
  return (
    <article aria-labelledby="chapter-title">
      <ChapterBreadcrumb chapter={chapter} />
      <ChapterHeaderImage src={chapter.headerImageUrl} typeId={chapter.chapter_type.id} />
      <div className="d-flex flex-wrap align-items-start gap-3 mb-2">
        <div className="me-auto">
          <h1 id="chapter-title" className="mb-0">
            <Link to={base} className="text-reset text-decoration-none">
              {chapter.displayTitle}
            </Link>
          </h1>
          {/* Where it meets, under its name (issue 35): 'New York, NY'. */}
          <p className="chapter-place mb-1">{placeName(chapter)}</p>
          <ChapterTypeBadge type={chapter.chapter_type} />
          {chapter.status !== 1 && (
            <span className="badge text-bg-secondary ms-2">Hidden: only hosts see this page</span>
          )}
        </div>
        {canAdmin && (
          <Link to={`${base}/admin`} className="btn btn-primary">
            Chapter Admin Tools
          </Link>
        )}
      </div>
      {/* The sign-up comes first: on a phone it is on the first screen, above the posts; on a
          wide screen it heads the side column, the host card under it. On a phone the host card
          comes after the meetings and before the posts (issue 35; see .chapter-layout). */}
      <div className="chapter-layout">
        <ChapterJoinBox chapter={chapter} className="chapter-layout-signup" />
        <div className="chapter-layout-main">
          {chapter.about && (
            <div className="rich-text mb-4" dangerouslySetInnerHTML={{ __html: chapter.about }} />
          )}
          <ChapterUpcoming chapter={chapter} base={base} />
        </div>
        <HostCard chapter={chapter} className="chapter-layout-hosts" />
        <div className="chapter-layout-posts">
          <ChapterPosts chapterId={chapter.id} />
        </div>
        <aside className="chapter-layout-aside" aria-label="About this chapter">
          <ChapterLinks chapterId={chapter.id} />
          <PressMentionList
            title="In the Press"
            path={`/api/press_mention/chapter/${chapter.id}/public`}
            hideWhenEmpty
          />
        </aside>
      </div>
    </article>
  );
}
