import { MailingListSignup } from './MailingListSignup';

/**
 * How many are on the chapter's list, under its sign-up (issue 25). Nothing without a count (no
 * list, or Brevo keeps it) or at none: an empty list says nothing a visitor needs. Written in
 * one locale, so the page the server draws and the app's first render agree.
 */
function MemberCount({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <p className="small text-body-secondary mt-2 mb-0">
      {count === 1 ? '1 member' : `${count.toLocaleString('en-US')} members`}
    </p>
  );
}

/**
 * The chapter's join box: its mailing-list sign-up and how many are on the list. The chapter
 * page heads its side column with it, and each event's page carries it too (issue 35).
 */
export function ChapterJoinBox({
  chapter,
  className = '',
}: {
  chapter: { id: number; displayTitle: string; memberCount: number | null };
  className?: string;
}) {
  return (
    <div className={`card card-body ${className}`.trim()}>
      <MailingListSignup chapterId={chapter.id} listName={chapter.displayTitle} />
      <MemberCount count={chapter.memberCount} />
    </div>
  );
}
