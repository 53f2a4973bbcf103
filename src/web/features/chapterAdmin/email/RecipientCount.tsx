import { useQuery } from '@tanstack/react-query';
import Spinner from 'react-bootstrap/Spinner';
import { chapterRecipientsSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const recipientsKey = (chapterId: number) => ['chapterRecipients', chapterId] as const;

/** Who a send would reach now: the active members of the chapter's list, as the server counts. */
export function RecipientCount({ chapterId }: { chapterId: number }) {
  const query = useQuery({
    queryKey: recipientsKey(chapterId),
    queryFn: () =>
      apiGet(
        `/api/mailing_list/chapter/${chapterId}/recipients`,
        !import.meta.env?.PROD && chapterRecipientsSchema,
      ),
  });
  let text;
  if (query.isPending) {
    text = (
      <>
        <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
        Counting the chapter's members...
      </>
    );
  } else if (query.isError) {
    text = 'The number of members could not be counted.';
  } else if (query.data.recipients === 0) {
    text = "Nobody will receive it: the chapter's list has no active members yet.";
  } else {
    const n = query.data.recipients;
    text = (
      <>
        <strong>
          {n.toLocaleString('en-US')} {n === 1 ? 'member' : 'members'}
        </strong>{' '}
        will receive it.
      </>
    );
  }
  return (
    <p className="mb-3" role="status" data-testid="recipient-count">
      {text}
    </p>
  );
}
