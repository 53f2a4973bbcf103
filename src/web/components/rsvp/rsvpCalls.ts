// The RSVP calls several screens make (issue 33): a date's public count and the RSVP itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RsvpRequest } from '../../../common/schemas/rsvpForm';
import type { RsvpAnswer } from '../../../common/schemas/rsvps';
import { rsvpAnswerSchema, rsvpCountsSchema } from '../../answerSchemas';
import { apiGet, apiSend } from '../../api';

/** One date of an event: the event's slug and the date its rule gives ('YYYY-MM-DD'). */
export interface EventDateRef {
  eventSlug: string;
  date: string;
}

export const datePath = ({ eventSlug, date }: EventDateRef) =>
  `/api/chapter_event/slug/${encodeURIComponent(eventSlug)}/dates/${encodeURIComponent(date)}`;

export const rsvpCountKey = (ref: EventDateRef) => ['rsvp-count', ref.eventSlug, ref.date] as const;

const fetchCount = (ref: EventDateRef) =>
  apiGet(`${datePath(ref)}/rsvp`, !import.meta.env?.PROD && rsvpCountsSchema);

/**
 * How many are going to one date: public, counts only. Not asked when `ask` is false (the page's
 * answer had the count); a count fetched after the reader's own RSVP still shows.
 */
export function useRsvpCount(ref: EventDateRef, ask = true) {
  return useQuery({
    queryKey: rsvpCountKey(ref),
    queryFn: () => fetchCount(ref),
    enabled: ask,
    // A count is a nicety beside the date: one failed answer leaves it out rather than retrying.
    retry: false,
    staleTime: 60_000,
  });
}

/** Says "I'm going" to one date; the date's count and the signed-in user's RSVPs are asked again. */
export function useRsvp(ref: EventDateRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RsvpRequest): Promise<RsvpAnswer> =>
      apiSend('POST', `${datePath(ref)}/rsvp`, body, !import.meta.env?.PROD && rsvpAnswerSchema),
    onSuccess: async (answer) => {
      // The reader sees their own RSVP counted at once, whatever the page's answer says: a
      // signed-in user's answer carries the date's counts as their RSVP left them.
      if (answer.counts) queryClient.setQueryData(rsvpCountKey(ref), answer.counts);
      else {
        await queryClient
          .fetchQuery({ queryKey: rsvpCountKey(ref), queryFn: () => fetchCount(ref), staleTime: 0 })
          .catch(() => undefined);
      }
      await queryClient.invalidateQueries({ queryKey: ['rsvps', 'my'] });
    },
  });
}
