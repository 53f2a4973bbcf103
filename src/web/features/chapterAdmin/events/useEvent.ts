import { useQuery } from '@tanstack/react-query';
import { chapterEventDetailSchema } from '../../../answerSchemas';
import { ApiError, apiGet } from '../../../api';

export const eventKey = (slug: string) => ['chapter-event', slug] as const;

/** One event to edit, by its slug. A 404 is final; other failures are worth one more try. */
export function useEvent(slug: string) {
  return useQuery({
    queryKey: eventKey(slug),
    queryFn: () =>
      apiGet(
        `/api/chapter_event/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && chapterEventDetailSchema,
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}
