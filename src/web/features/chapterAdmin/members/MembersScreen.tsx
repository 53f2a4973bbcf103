import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { createdListSchema } from '../../../answerSchemas';
import { apiSend } from '../../../api';
import { errorMessage } from '../../../components/forms/errorMessage';
import { useToast } from '../../../components/toasts';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { ListPlaceholder } from '../../../components/ListPlaceholder';
import { useAdminChapter } from '../useAdminChapter';
import { MemberList } from './MemberList';
import { chapterContactsKey, useChapterListId } from './useChapterContacts';

/**
 * Spec 2 §2 Members: No Members (with the button that makes the list), or the list a page at a
 * time (issue 23): a list of 200,000 is never loaded whole.
 */
export function MembersScreen() {
  const { chapter, base } = useAdminChapter();
  const list = useChapterListId(chapter.id);
  const queryClient = useQueryClient();
  const toast = useToast();
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

  const listId = list.data?.listId ?? null;
  return (
    <section aria-labelledby="members-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="members-title" className="h2 me-auto mb-0">
          Members
        </h1>
        {listId && (
          // A plain link: the browser downloads the file as the server streams it.
          <a
            className="btn btn-outline-secondary"
            href={`/api/mailing_list/chapter/${chapter.id}/members.csv`}
            download
          >
            Export CSV
          </a>
        )}
        {listId && (
          <Link to={`${base}/members/import`} className="btn btn-outline-primary">
            Import Members
          </Link>
        )}
        <Link to={`${base}/members/add`} className="btn btn-primary">
          Add Members
        </Link>
      </div>
      {list.isPending && <ListPlaceholder label="Loading Members" />}
      {list.isError && <LoadFailedAlert what="members" onRetry={() => void list.refetch()} />}
      {list.data && listId === null && (
        <div className="card card-body">
          <h2 className="h5">No Members</h2>
          <p>
            No one has joined yet. The first sign-up on the chapter page makes the list; to add the
            people you already know, make it here.
          </p>
          <div>
            <Button onClick={() => void createList()} disabled={creating}>
              {creating ? 'Creating...' : 'Create the mailing list'}
            </Button>
          </div>
        </div>
      )}
      {listId && <MemberList chapterId={chapter.id} listId={listId} />}
    </section>
  );
}
