import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chapterEventDatesSchema, eventDatesSchema } from '../../../answerSchemas';
import type { DateChange, EventDates } from '../../../../common/schemas/eventDates';
import { apiGet, apiSend } from '../../../api';
import { useRefreshChapter } from '../useAdminChapter';

export const eventDatesKey = (chapterId: number) => ['chapter-event-dates', chapterId] as const;

/** Every event's coming dates, with the host's skips and moves. */
export function useEventDates(chapterId: number) {
  return useQuery({
    queryKey: eventDatesKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/chapter_event/chapter/${chapterId}/dates`,
        !import.meta.env?.PROD && chapterEventDatesSchema,
      ),
  });
}

/**
 * Skip, move or restore one date. The answer is the event's dates; the chapter answer (its next
 * meetings on the dashboard and public page) and the home map are asked again.
 */
export function useChangeDate(chapterId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshChapter();
  return useCallback(
    async (slug: string, date: string, change: DateChange | null): Promise<EventDates> => {
      const path = `/api/chapter_event/slug/${encodeURIComponent(slug)}/dates/${date}`;
      const saved = change
        ? await apiSend('PUT', path, change, !import.meta.env?.PROD && eventDatesSchema)
        : await apiSend('DELETE', path, undefined, !import.meta.env?.PROD && eventDatesSchema);
      queryClient.setQueryData<EventDates[]>(eventDatesKey(chapterId), (all) =>
        all?.map((e) => (e.eventId === saved.eventId ? saved : e)),
      );
      await refresh();
      await queryClient.invalidateQueries({ queryKey: ['chapters'] });
      await queryClient.invalidateQueries({ queryKey: ['chapter-event-page', slug] });
      return saved;
    },
    [queryClient, refresh, chapterId],
  );
}
