import Spinner from 'react-bootstrap/Spinner';
import { InlineRetry } from '../../components/InlineRetry';
import { HostCard } from '../../components/cards/HostCard';
import { ChapterJoinBox } from '../../components/chapterPin/ChapterJoinBox';
import type { useChapterBySlug } from '../../hooks/useChapterBySlug';

/**
 * What a visitor of one event may want of its chapter (issue 35): the join box (the chapter's
 * mailing-list sign-up) and the host card, as on the chapter page.
 */
export function EventChapterParts({ query }: { query: ReturnType<typeof useChapterBySlug> }) {
  if (query.isPending) {
    return (
      <p role="status" className="text-body-secondary">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Loading the chapter&rsquo;s
        sign-up...
      </p>
    );
  }
  if (query.isError) {
    return <InlineRetry what="chapter’s sign-up" onRetry={() => void query.refetch()} />;
  }
  const chapter = query.data;
  return (
    <div className="d-grid gap-4 mt-4 event-chapter-parts">
      <ChapterJoinBox chapter={chapter} />
      <HostCard chapter={chapter} />
    </div>
  );
}
