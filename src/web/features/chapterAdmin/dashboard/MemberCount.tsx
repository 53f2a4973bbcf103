import { Link } from 'react-router';
import { InlineRetry } from '../../../components/InlineRetry';
import { useChapterContacts } from '../members/useChapterContacts';

/** How many people the chapter's email reaches. */
export function MemberCount({
  chapterId,
  membersPath,
}: {
  chapterId: number;
  membersPath: string;
}) {
  const query = useChapterContacts(chapterId);
  if (query.isPending) return <p className="mb-0">Loading...</p>;
  if (query.isError)
    return <InlineRetry what="member count" onRetry={() => void query.refetch()} />;
  if (query.data.listId === null) {
    return (
      <p className="mb-0">
        No mailing list yet. <Link to={membersPath}>Create one</Link>
      </p>
    );
  }
  const active = query.data.contacts.filter((c) => c.status === 'active').length;
  return (
    <>
      <p className="fs-4 mb-1">
        {active} active {active === 1 ? 'member' : 'members'}
      </p>
      <Link to={membersPath}>Members</Link>
    </>
  );
}
