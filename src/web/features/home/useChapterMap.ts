import { useQuery } from '@tanstack/react-query';
import { decodeChapterMap } from '../../../common/chapterMap';
import { chapterMapSchema } from '../../answerSchemas';
import { apiGet } from '../../api';

/** The home map's pins (GET /api/chapters/map), decoded; the rest of a chapter loads on demand. */
export function useChapterMap() {
  return useQuery({
    queryKey: ['chapters', 'map'],
    queryFn: async () =>
      decodeChapterMap(
        await apiGet('/api/chapters/map', !import.meta.env?.PROD && chapterMapSchema),
      ),
  });
}
