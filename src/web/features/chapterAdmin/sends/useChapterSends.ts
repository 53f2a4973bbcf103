import { useQuery } from '@tanstack/react-query';
import { chapterSendsSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import type { ChapterSend } from '../../../../common/schemas/sends';
import { addSample, doneOf, type Sample } from './sendRate';

export const sendsKey = (chapterId: number) => ['chapterSends', chapterId] as const;

/** How often the screens look again while a send runs; none runs, they stop looking. */
export const SENDS_POLL_MS = 2000;

export const isRunning = (send: Pick<ChapterSend, 'status'>) =>
  send.status === 'queueing' || send.status === 'queued';

/** What the screen has seen of each running send, look by look: its rate (sendRate.ts). */
const seen = new Map<number, Sample[]>();

function remember(sends: readonly ChapterSend[], at: number) {
  for (const send of sends) {
    if (isRunning(send))
      seen.set(send.id, addSample(seen.get(send.id) ?? [], { at, done: doneOf(send) }));
    else seen.delete(send.id);
  }
}

export const samplesOf = (sendId: number): readonly Sample[] => seen.get(sendId) ?? [];

/** The chapter's latest sends, polled while one of them is running. */
export function useChapterSends(chapterId: number) {
  return useQuery({
    queryKey: sendsKey(chapterId),
    queryFn: async () => {
      const sends = await apiGet(
        `/api/mailing_list/chapter/${chapterId}/sends`,
        !import.meta.env?.PROD && chapterSendsSchema,
      );
      remember(sends, Date.now());
      return sends;
    },
    refetchInterval: (query) =>
      query.state.data?.some(isRunning) && query.state.status !== 'error' ? SENDS_POLL_MS : false,
  });
}
