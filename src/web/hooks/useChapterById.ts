import { useQuery } from '@tanstack/react-query';
import { chapterSchema } from '../answerSchemas';
import { apiGet } from '../api';
import { useReaderKey } from './useReaderKey';

/**
 * A chapter loaded when a screen first needs more than the map's pin: its info window, a line
 * of the nearest chapters. One query per chapter, shared by both.
 */
export function useChapterById(chapterId: number) {
  // A hidden chapter, and its hosts' emails, are for its hosts and admins.
  const readerKey = useReaderKey();
  return useQuery({
    queryKey: readerKey(['chapter-by-id', chapterId]),
    queryFn: () => apiGet(`/api/chapter/id/${chapterId}`, !import.meta.env?.PROD && chapterSchema),
    staleTime: 60_000,
  });
}
