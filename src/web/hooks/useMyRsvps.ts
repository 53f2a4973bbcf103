import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myRsvpsSchema, rsvpPageSchema } from '../answerSchemas';
import { apiGet, apiSend } from '../api';
import { useCurrentUser } from './useCurrentUser';

export const myRsvpsKey = ['rsvps', 'my'] as const;

/**
 * The signed-in user's coming RSVPs (GET /api/my/rsvps), for My Chapters and for the "I'm going"
 * buttons, which show the user's own answer instead of asking again. Nobody signed in: no call.
 */
export function useMyRsvps() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: myRsvpsKey,
    queryFn: () => apiGet('/api/my/rsvps', !import.meta.env?.PROD && myRsvpsSchema),
    enabled: user !== null,
  });
}

/** Cancels one of the user's RSVPs; their list and the date's count are asked again. */
export function useCancelMyRsvp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiSend('POST', `/api/my/rsvps/${id}/cancel`, {}, !import.meta.env?.PROD && rsvpPageSchema),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: myRsvpsKey });
      await queryClient.invalidateQueries({ queryKey: ['rsvp-count'] });
    },
  });
}

/**
 * Changes the guests of one of the user's RSVPs; their list is asked again and the date's count
 * takes the one the answer carries.
 */
export function useChangeMyGuests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guests }: { id: number; guests: number }) =>
      apiSend(
        'POST',
        `/api/my/rsvps/${id}/guests`,
        { guests },
        !import.meta.env?.PROD && rsvpPageSchema,
      ),
    onSuccess: async (page) => {
      queryClient.setQueryData(['rsvp-count', page.event.slug, page.date.date], page.counts);
      await queryClient.invalidateQueries({ queryKey: myRsvpsKey });
    },
  });
}
