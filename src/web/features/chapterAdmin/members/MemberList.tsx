import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  MEMBER_STATUS_FILTER_NAMES,
  SEARCH_COUNT_CAP,
  type MemberStatusFilter,
} from '../../../../common/memberFilters';
import { resultSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListPlaceholder } from '../../../components/ListPlaceholder';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { useToast } from '../../../components/toasts';
import { MemberRow } from './MemberRow';
import { chapterContactsKey, useMemberPage } from './useChapterContacts';
import { useMemberParams } from './useMemberParams';

export const MEMBERS_PER_PAGE = 50;

const STATUS_LABEL: Record<MemberStatusFilter, string> = {
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  blocked: 'Blocked',
  bounced: 'Bounced',
  unconfirmed: 'Unconfirmed',
};

const number = (n: number) => n.toLocaleString('en-US');

/** The chapter's members, 50 a page, with a search, a status filter, the total and paging. */
export function MemberList({ chapterId, listId }: { chapterId: number; listId: string }) {
  const params = useMemberParams();
  const { page, search, status } = params;
  const query = useMemberPage(chapterId, { page, pageSize: MEMBERS_PER_PAGE, search, status });
  const queryClient = useQueryClient();
  const toast = useToast();
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / MEMBERS_PER_PAGE)) : 1;
  const lastPage = data && !data.totalCapped ? pages - 1 : Infinity;

  // A page past the end (the last member of the last page removed, an old link): the last page.
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > 0 && page > lastPage) params.setPage(lastPage);
  });

  // The member whose Delete was chosen, asked about in the site's dialog (spec 2 §2's words).
  const [doomed, setDoomed] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove(email: string) {
    setDeleting(true);
    try {
      await apiSend(
        'POST',
        '/api/mailing_list/delete',
        { email, listId },
        !import.meta.env?.PROD && resultSchema,
      );
      await queryClient.invalidateQueries({ queryKey: chapterContactsKey(chapterId) });
    } catch (err) {
      toast.show({ type: 'error', title: 'Delete failed', message: errorMessage(err) });
    } finally {
      setDeleting(false);
      setDoomed(null);
    }
  }

  const filtered = search !== '' || status !== null;
  const total = !data
    ? ''
    : data.totalCapped
      ? `More than ${number(SEARCH_COUNT_CAP)} members match`
      : `${number(data.total)} ${data.total === 1 ? 'member' : 'members'}${filtered ? ' match' : ''}`;
  return (
    <div className="card">
      <div className="card-header d-flex flex-wrap align-items-end gap-2">
        <Form.Group controlId="members-search" className="flex-grow-1" role="search">
          <Form.Label className="small mb-1">Search by name or email</Form.Label>
          <Form.Control
            type="search"
            size="sm"
            autoComplete="off"
            value={params.typed}
            onChange={(e) => params.type(e.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="members-status">
          <Form.Label className="small mb-1">Status</Form.Label>
          <Form.Select
            size="sm"
            value={status ?? ''}
            onChange={(e) =>
              params.setStatus((e.target.value || null) as MemberStatusFilter | null)
            }
          >
            <option value="">All</option>
            {MEMBER_STATUS_FILTER_NAMES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <div className="card-body py-2 d-flex align-items-center gap-2 border-bottom">
        <h2 className="h6 mb-0 me-auto" aria-live="polite">
          {total}
        </h2>
        {query.isFetching && data && (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading</span>
          </Spinner>
        )}
      </div>
      {query.isPending && <ListPlaceholder label="Loading Members" />}
      {query.isError && !data && (
        <div className="card-body">
          <LoadFailedAlert what="members" onRetry={() => void query.refetch()} />
        </div>
      )}
      {data && data.members.length === 0 && (
        <p className="card-body mb-0">{filtered ? 'No members match.' : 'No members yet.'}</p>
      )}
      {data && data.members.length > 0 && (
        <ul className="list-group list-group-flush" aria-busy={query.isPlaceholderData}>
          {data.members.map((contact) => (
            <MemberRow
              key={contact.id}
              contact={contact}
              listId={listId}
              onDelete={() => setDoomed(contact.email)}
            />
          ))}
        </ul>
      )}
      {data && (page > 0 || page < lastPage) && (
        <nav className="card-footer d-flex align-items-center gap-2" aria-label="Pages of members">
          <Button
            size="sm"
            variant="outline-dark"
            disabled={page === 0}
            onClick={() => params.setPage(page - 1)}
          >
            Previous
          </Button>
          <span className="small mx-auto">
            Page {number(page + 1)}
            {data.totalCapped ? '' : ` of ${number(pages)}`}
          </span>
          <Button
            size="sm"
            variant="outline-dark"
            disabled={page >= lastPage || data.members.length < MEMBERS_PER_PAGE}
            onClick={() => params.setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
      <ConfirmDialog
        show={doomed !== null}
        title="Delete this member?"
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => doomed && void remove(doomed)}
        onCancel={() => setDoomed(null)}
      >
        <p className="mb-0 text-break">
          Are you sure you want to delete {doomed}? This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
