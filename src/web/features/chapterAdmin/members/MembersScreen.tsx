import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { createdListSchema, resultSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { useAdminChapter } from '../useAdminChapter';
import { MemberRow } from './MemberRow';
import { chapterContactsKey, useChapterContacts } from './useChapterContacts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';

type Filter = 'all' | 'active' | 'blocked';

/** Spec 2 §2 Members: No Members, Loading Members, or the list with its counts and filters. */
export function MembersScreen() {
  const { chapter, base } = useAdminChapter();
  const query = useChapterContacts(chapter.id);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [filter, setFilter] = useState<Filter>('all');
  const [creating, setCreating] = useState(false);

  async function createList() {
    setCreating(true);
    try {
      await apiSend(
        'POST',
        `/api/mailing_list/chapter/${chapter.id}/list`,
        {},
        !import.meta.env?.PROD && createdListSchema,
      );
      await queryClient.invalidateQueries({ queryKey: chapterContactsKey(chapter.id) });
    } catch (err) {
      toast.show({ type: 'error', title: 'Mailing list', message: errorMessage(err) });
    } finally {
      setCreating(false);
    }
  }

  async function remove(email: string, listId: string) {
    if (!window.confirm(`Are you sure you want to delete ${email}? This cannot be undone.`)) return;
    try {
      await apiSend(
        'POST',
        '/api/mailing_list/delete',
        { email, listId },
        !import.meta.env?.PROD && resultSchema,
      );
      await queryClient.invalidateQueries({ queryKey: chapterContactsKey(chapter.id) });
    } catch (err) {
      toast.show({ type: 'error', title: 'Delete failed', message: errorMessage(err) });
    }
  }

  const header = (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
      <h1 id="members-title" className="h2 me-auto mb-0">
        Members
      </h1>
      <Link to={`${base}/members/add`} className="btn btn-primary">
        Add Members
      </Link>
    </div>
  );

  if (query.isPending) {
    return (
      <section aria-labelledby="members-title">
        {header}
        <div className="card card-body d-flex flex-row align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" /> Loading Members
        </div>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section aria-labelledby="members-title">
        {header}
        <LoadFailedAlert what="members" onRetry={() => void query.refetch()} />
      </section>
    );
  }
  const { listId, contacts } = query.data;
  if (listId === null) {
    return (
      <section aria-labelledby="members-title">
        {header}
        <div className="card card-body">
          <h2 className="h5">No Members</h2>
          <p>
            This chapter has no mailing list yet. Create it, then add members or let people sign up
            on the chapter page.
          </p>
          <div>
            <Button onClick={() => void createList()} disabled={creating}>
              {creating ? 'Creating...' : 'Create the mailing list'}
            </Button>
          </div>
        </div>
      </section>
    );
  }
  const count = (status: string) => contacts.filter((c) => c.status === status).length;
  const shown = filter === 'all' ? contacts : contacts.filter((c) => c.status === filter);
  const filters: { value: Filter; label: string }[] = [
    { value: 'all', label: `All (${contacts.length})` },
    { value: 'active', label: `Active (${count('active')})` },
    { value: 'blocked', label: `Blocked (${count('blocked')})` },
  ];
  return (
    <section aria-labelledby="members-title">
      {header}
      <div className="card">
        <div className="card-header d-flex flex-wrap align-items-center gap-2">
          <h2 className="h5 mb-0 me-auto">
            {contacts.length} {contacts.length === 1 ? 'Member' : 'Members'}
          </h2>
          <ButtonGroup size="sm" aria-label="Show members by status">
            {filters.map((f) => (
              <Button
                key={f.value}
                // Dark, not primary: the card header's grey leaves primary blue short of AA contrast.
                variant={filter === f.value ? 'dark' : 'outline-dark'}
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </Button>
            ))}
          </ButtonGroup>
        </div>
        {shown.length === 0 ? (
          <p className="card-body mb-0">No members here.</p>
        ) : (
          <ul className="list-group list-group-flush">
            {shown.map((contact) => (
              <MemberRow
                key={contact.id}
                contact={contact}
                listId={listId}
                onDelete={() => void remove(contact.email, listId)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
