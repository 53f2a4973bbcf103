import { useQuery } from '@tanstack/react-query';
import { chapterContactsSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const chapterContactsKey = (chapterId: number) => ['members', chapterId] as const;

/** The chapter's list id and its contacts (listId null: the chapter has no list). */
export function useChapterContacts(chapterId: number) {
  return useQuery({
    queryKey: chapterContactsKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter/${chapterId}/contacts`,
        !import.meta.env?.PROD && chapterContactsSchema,
      ),
  });
}
