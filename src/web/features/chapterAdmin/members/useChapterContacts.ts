import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chapterListIdSchema, memberPageSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import type { MemberStatusFilter } from '../../../../common/schemas/members';

/** Every members query of the chapter starts with this: invalidating it reloads them all. */
export const chapterContactsKey = (chapterId: number) => ['members', chapterId] as const;

/** The chapter's list id (null: the chapter has no list yet). */
export function useChapterListId(chapterId: number) {
  return useQuery({
    queryKey: [...chapterContactsKey(chapterId), 'listId'],
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter_list_id/${chapterId}`,
        !import.meta.env?.PROD && chapterListIdSchema,
      ),
  });
}

export interface MemberPageRequest {
  /** From 0. */
  page: number;
  pageSize?: number;
  search?: string;
  status?: MemberStatusFilter | null;
}

/** One page of the chapter's members, newest first, and how many match. */
export function useMemberPage(chapterId: number, request: MemberPageRequest) {
  const params = new URLSearchParams({
    page: String(request.page),
    pageSize: String(request.pageSize ?? 50),
  });
  if (request.search) params.set('search', request.search);
  if (request.status) params.set('status', request.status);
  return useQuery({
    queryKey: [...chapterContactsKey(chapterId), 'page', params.toString()],
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter/${chapterId}/members?${params.toString()}`,
        !import.meta.env?.PROD && memberPageSchema,
      ),
    // The page shown stays while the next loads: the list does not jump to a spinner.
    placeholderData: keepPreviousData,
  });
}
