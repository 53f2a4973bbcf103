import { useQuery } from '@tanstack/react-query';
import { pressMentionSchema } from '../../answerSchemas';
import { ApiError, apiGet } from '../../api';

export const mentionKey = (slug: string) => ['press-mention', slug] as const;

/** One mention to edit. A 404 is final; other failures are worth one more try. */
export function useMention(slug: string) {
  return useQuery({
    queryKey: mentionKey(slug),
    queryFn: () =>
      apiGet(
        `/api/press_mention/slug/${encodeURIComponent(slug)}`,
        !import.meta.env?.PROD && pressMentionSchema,
      ),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}
