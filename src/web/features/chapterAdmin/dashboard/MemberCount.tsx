import { Link } from 'react-router';
import { InlineRetry } from '../../../components/InlineRetry';
import { useChapterListId, useMemberPage } from '../members/useChapterContacts';

/** How many people the chapter's email reaches: a count, never the list itself. */
export function MemberCount({
  chapterId,
  membersPath,
}: {
  chapterId: number;
  membersPath: string;
}) {
  const list = useChapterListId(chapterId);
  const active = useMemberPage(chapterId, { page: 0, pageSize: 1, status: 'active' });
  if (list.isPending || active.isPending) return <p className="mb-0">Loading...</p>;
  if (list.isError || active.isError)
    return (
      <InlineRetry
        what="member count"
        onRetry={() => void (list.isError ? list.refetch() : active.refetch())}
      />
    );
  if (list.data.listId === null) {
    return (
      <p className="mb-0">
        No mailing list yet. <Link to={membersPath}>Create one</Link>
      </p>
    );
  }
  const count = active.data.total;
  return (
    <>
      <p className="fs-4 mb-1">
        {count.toLocaleString('en-US')} active {count === 1 ? 'member' : 'members'}
      </p>
      <Link to={membersPath}>Members</Link>
    </>
  );
}
