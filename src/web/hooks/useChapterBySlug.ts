import { useQuery } from '@tanstack/react-query';
import { chapterSchema } from '../answerSchemas';
import { ApiError, apiGet } from '../api';
import { useReaderKey } from './useReaderKey';

/**
 * A chapter as its own page reads it, by its slug: the chapter page, and the event page's join
 * box, hosts and "Event not found" link share this one query, so a visitor going from one to
 * the other asks for nothing new. '' asks for nothing (the event page waits for its event: a
 * hidden chapter's address would only answer 404 to a visitor). A 404 is an answer, not tried
 * again.
 */
export function useChapterBySlug(slug: string) {
  const readerKey = useReaderKey();
  return useQuery({
    queryKey: readerKey(['chapter', slug]),
    queryFn: () =>
      apiGet(
        `/api/chapter/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && chapterSchema,
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
    enabled: slug !== '',
  });
}
