import { useCallback } from 'react';
import { readerView } from '../../common/policy';
import { useCurrentUser } from './useCurrentUser';

/**
 * The key of a query whose answer depends on who reads it (a state's list, a chapter and its
 * parts, press, content): the key with the reader's view (common/policy.ts readerView) at its
 * end. A page drawn on the server carries the visitors' answers (ssr/firstScreen.tsx draws with
 * no one signed in), and answers kept from before a sign-in are someone else's too: under this
 * key a host or an admin asks for their own as soon as the app knows them. Prefix matches (an
 * invalidation of ['chapters']) still find these queries.
 */
export function useReaderKey(): <K extends readonly unknown[]>(key: K) => [...K, string | null] {
  const view = readerView(useCurrentUser().user);
  return useCallback((key) => [...key, view], [view]);
}
