import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { PageSpinner } from '../../../components/PageSpinner';
import { useChapterListId } from './useChapterContacts';

/**
 * What the screens that add to the chapter's list (Add Members, Import Members) show before
 * their form: a spinner while the list's id loads, a way to try again when it did not, or the
 * way to make the list when the chapter has none (the Members screen makes it). The form is
 * drawn with the list's id.
 */
export function ChapterListGate({
  chapterId,
  base,
  children,
}: {
  chapterId: number;
  /** The chapter's admin path, where its Members screen is. */
  base: string;
  children: (listId: string) => ReactNode;
}) {
  const list = useChapterListId(chapterId);
  if (list.isPending) return <PageSpinner label="Loading the list..." />;
  if (list.isError) {
    return <LoadFailedAlert what="chapter's mailing list" onRetry={() => void list.refetch()} />;
  }
  if (!list.data.listId) {
    return (
      <Alert variant="info">
        This chapter has no mailing list yet. <Link to={`${base}/members`}>Create it</Link> first.
      </Alert>
    );
  }
  return children(list.data.listId);
}
