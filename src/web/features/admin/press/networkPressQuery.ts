import { useQuery } from '@tanstack/react-query';
import { pressMentionListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const networkPressKey = ['network-press'] as const;
/** Spec 2 §3: a mention of the whole network is saved with chapterId -1. */
export const NETWORK_CHAPTER_ID = -1;
export const PRESS_LIST_PATH = '/admin/press_mentions';

/** The network's own mentions, hidden ones too (admins only). */
export function useNetworkMentions() {
  return useQuery({
    queryKey: networkPressKey,
    queryFn: () =>
      apiGet('/api/press_mention/network', !import.meta.env?.PROD && pressMentionListSchema),
  });
}
