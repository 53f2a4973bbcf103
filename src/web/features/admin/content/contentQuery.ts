import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, type AnswerSchema } from '../../../api';
import type { ContentItem } from './contentKinds';

export const adminListKey = (kind: string) => ['admin-content', kind] as const;
export const adminItemKey = (kind: string, slug: string) =>
  ['admin-content', kind, 'slug', slug] as const;

/** Every item of a kind, private ones too (admins). */
export function useContentList<T>(kind: {
  key: string;
  api: string;
  listSchema: AnswerSchema<T[]>;
}) {
  return useQuery({
    queryKey: adminListKey(kind.key),
    queryFn: () => apiGet(kind.api, !import.meta.env?.PROD && kind.listSchema),
  });
}

/** One item to edit, body and all. A 404 is final. */
export function useContentItem<T extends ContentItem>(
  kind: { key: string; api: string; schema: AnswerSchema<T> },
  slug: string,
) {
  return useQuery({
    queryKey: adminItemKey(kind.key, slug),
    queryFn: () =>
      apiGet(`${kind.api}/slug/${encodeURIComponent(slug)}`, !import.meta.env?.PROD && kind.schema),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
    // The editor owns the text once it is open: a refetch must not reset it.
    staleTime: Infinity,
  });
}
