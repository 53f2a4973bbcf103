import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { formatMediumDate } from '../../../../common/format';
import type { ContactDetails } from '../../../../common/schemas/mailing';
import { resultSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';

/**
 * A bounced member's line in their details: when, the mail server's answer, and Re-activate
 * (the host knows the mailbox works again) for this list only.
 */
export function BounceNote({ details, listId }: { details: ContactDetails; listId: string }) {
  const queryClient = useQueryClient();
  const reactivate = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        '/api/mailing_list/reactivate',
        { listId, email: details.email },
        !import.meta.env?.PROD && resultSchema,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['member', listId, details.email] });
      await queryClient.invalidateQueries({ queryKey: ['members'] });
    },
  });
  return (
    <>
      <dt className="col-5 col-sm-3">Bounced</dt>
      <dd className="col-7 col-sm-9">
        {details.blockedDate && formatMediumDate(details.blockedDate)}
        {details.blockedReason && (
          <>
            : the mail server answered <q className="text-break">{details.blockedReason}</q>
          </>
        )}
        <div className="mt-1">
          <Button
            size="sm"
            variant="outline-primary"
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate()}
          >
            Re-activate
          </Button>{' '}
          <span className="text-body-secondary">
            {reactivate.isError
              ? 'Could not re-activate. Please try again.'
              : 'Only if the address works again: it gets this list’s email once more.'}
          </span>
        </div>
      </dd>
    </>
  );
}
