import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { chapterSchema } from '../../answerSchemas';
import { apiGet } from '../../api';
import { InlineRetry } from '../../components/InlineRetry';
import { HostCard } from '../../components/cards/HostCard';
import { ChapterJoinBox } from '../../components/chapterPin/ChapterJoinBox';
import { useReaderKey } from '../../hooks/useReaderKey';

/**
 * The event's chapter as its own page reads it (the same query, so a visitor coming from the
 * chapter page asks for nothing new): its list, its hosts and its other events.
 */
export function useEventChapter(slug: string) {
  const readerKey = useReaderKey();
  return useQuery({
    queryKey: readerKey(['chapter', slug]),
    queryFn: () =>
      apiGet(
        `/api/chapter/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && chapterSchema,
      ),
    enabled: slug !== '',
  });
}

/**
 * What a visitor of one event may want of its chapter (issue 35): the join box (the chapter's
 * mailing-list sign-up) and the host card, as on the chapter page.
 */
export function EventChapterParts({ query }: { query: ReturnType<typeof useEventChapter> }) {
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
