import type { ReactNode } from 'react';
import type { GuestList } from '../../../../common/schemas/rsvps';
import { ApiError } from '../../../api';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import type { useGuestList } from './useGuestList';

/**
 * A date's guest list loading, missing (not a date of the event, or not this host's chapter) or
 * failed, under the screen's own heading; `children` once it is there.
 */
export function GuestListState({
  query,
  children,
}: {
  query: ReturnType<typeof useGuestList>;
  children: (list: GuestList) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner label="Loading the guest list..." />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 400 || status === 404) {
      return (
        <p className="lead">
          There is no guest list here: this is not one of the event&apos;s dates.
        </p>
      );
    }
    if (status === 403)
      return <p className="lead">Only the chapter&apos;s hosts see its guest lists.</p>;
    return <LoadFailedAlert what="guest list" onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
