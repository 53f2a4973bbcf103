import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttendanceRequest } from '../../../../common/schemas/rsvpForm';
import { attendanceAnswerSchema, guestListSchema } from '../../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../../api';

/** One date's calls: '/api/chapter_event/slug/{slug}/dates/{date}'. */
export const guestsPath = (eventSlug: string, date: string) =>
  `/api/chapter_event/slug/${encodeURIComponent(eventSlug)}/dates/${encodeURIComponent(date)}`;

const guestListKey = (eventSlug: string, date: string) => ['guest-list', eventSlug, date] as const;

/** The host's list of one date: who is going, waiting or unconfirmed, and who came. */
export function useGuestList(eventSlug: string, date: string) {
  return useQuery({
    queryKey: guestListKey(eventSlug, date),
    queryFn: () =>
      apiGet(`${guestsPath(eventSlug, date)}/guests`, !import.meta.env?.PROD && guestListSchema),
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
  });
}

/** Saves who came: the RSVPs ticked at the door and the walk-ins. */
export function useSaveAttendance(eventSlug: string, date: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendanceRequest) =>
      apiSend(
        'POST',
        `${guestsPath(eventSlug, date)}/attendance`,
        body,
        !import.meta.env?.PROD && attendanceAnswerSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestListKey(eventSlug, date) }),
  });
}
