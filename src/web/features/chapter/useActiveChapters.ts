import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { activeChapterSchema } from '../../../common/schemas/chapters';
import { apiGet } from '../../api';

const activeChaptersSchema = z.array(activeChapterSchema);

export function useActiveChapters() {
  return useQuery({
    queryKey: ['chapters', 'active'],
    queryFn: () => apiGet('/api/chapters/active', activeChaptersSchema),
  });
}
