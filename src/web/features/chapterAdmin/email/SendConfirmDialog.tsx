import { useQuery } from '@tanstack/react-query';
import { chapterRecipientsSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { recipientsKey } from './RecipientCount';

/**
 * "Send 'Title' to 1,204 members of Upper West Side?": the number the server would send to now,
 * so that the last click before a send that cannot be undone says what it does (issue 35).
 */
export function sendQuestion(title: string, chapterTitle: string, recipients?: number): string {
  const whom =
    recipients === undefined
      ? 'the members'
      : `${recipients.toLocaleString('en-US')} ${recipients === 1 ? 'member' : 'members'}`;
  return `Send '${title}' to ${whom} of ${chapterTitle}?`;
}

interface Props {
  show: boolean;
  chapterId: number;
  chapterTitle: string;
  emailTitle: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The site's own dialog before a chapter email goes out (in place of window.confirm). */
export function SendConfirmDialog({
  show,
  chapterId,
  chapterTitle,
  emailTitle,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  // The same query as the count above the form: one request, and the same figure in both.
  const recipients = useQuery({
    queryKey: recipientsKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter/${chapterId}/recipients`,
        !import.meta.env?.PROD && chapterRecipientsSchema,
      ),
    enabled: show,
  });
  return (
    <ConfirmDialog
      show={show}
      title="Send this email?"
      confirmLabel="Send"
      confirmVariant="primary"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="mb-2" data-testid="send-question">
        {sendQuestion(emailTitle, chapterTitle, recipients.data?.recipients)}
      </p>
      <p className="mb-0 small text-body-secondary">A sent email cannot be called back.</p>
    </ConfirmDialog>
  );
}
