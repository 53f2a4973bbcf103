// Sending to the chapter's list, shared by Send Email and Posts (issue 35): both go through
// POST /api/mailing_list/send_message, and both say the same things when it fails.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chapterListIdSchema, sendMessageAnswerSchema } from '../../../answerSchemas';
import { ApiError, apiGet, apiSend } from '../../../api';
import { useToast } from '../../../components/toasts';
import type { SendMessageAnswer } from '../../../../common/schemas/mailing';
import { useRefreshChapter } from '../useAdminChapter';
import { sendsKey } from '../sends/useChapterSends';
import {
  EMAIL_PREPARATION_FAILED,
  EMAIL_PREPARATION_MESSAGE,
  EMAIL_SEND_FAILED,
  sendFailureMessage,
} from './sendFailure';

export const chapterListIdKey = (chapterId: number) => ['chapterListId', chapterId] as const;

export interface ListSendInput {
  title: string;
  body: string;
  /** Also publish it as a chapter post. */
  post: boolean;
}

export function useListSend(chapterId: number) {
  const toast = useToast();
  const refreshChapter = useRefreshChapter();
  const queryClient = useQueryClient();
  const listQuery = useQuery({
    queryKey: chapterListIdKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter_list_id/${chapterId}`,
        !import.meta.env?.PROD && chapterListIdSchema,
      ),
  });

  /** Sends, and answers what the server said; null (after a toast saying why) on failure. */
  async function send(input: ListSendInput): Promise<SendMessageAnswer | null> {
    let listId: string | null;
    try {
      listId = (await listQuery.refetch({ throwOnError: true })).data?.listId ?? null;
    } catch {
      toast.show({
        type: 'error',
        title: EMAIL_PREPARATION_FAILED,
        message: EMAIL_PREPARATION_MESSAGE,
      });
      return null;
    }
    try {
      if (!listId) throw new ApiError(404, { statusCode: 404, error: 'Not Found', message: '' });
      const answer = await apiSend(
        'POST',
        '/api/mailing_list/send_message',
        { ...input, listId },
        !import.meta.env?.PROD && sendMessageAnswerSchema,
      );
      // The dashboard's last email, and the chapter page's posts.
      void refreshChapter();
      // The new send in the list of sends, watched while it runs.
      void queryClient.invalidateQueries({ queryKey: sendsKey(chapterId) });
      return answer;
    } catch (err) {
      const status = err instanceof ApiError ? err.status : -1;
      toast.show({ type: 'error', title: EMAIL_SEND_FAILED, message: sendFailureMessage(status) });
      return null;
    }
  }

  const noList = listQuery.isSuccess && listQuery.data.listId === null;
  return { listQuery, noList, send };
}
