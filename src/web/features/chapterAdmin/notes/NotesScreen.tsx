import { useQuery } from '@tanstack/react-query';
import { isAdmin } from '../../../../common/policy';
import { useCurrentUser } from '../../../hooks/useCurrentUser';
import { NoteArchive } from '../../../components/notes/NoteArchive';
import { QueryState } from '../../../components/QueryState';
import { useAdminChapter } from '../useAdminChapter';
import { NoteForm } from './NoteForm';
import { chapterNotesKey, fetchChapterNotes } from './notesQuery';

/** Spec 2 §2 Notes: a new note, then the Note Archive, newest first. */
export function NotesScreen() {
  const { chapter } = useAdminChapter();
  const { user } = useCurrentUser();
  const admin = isAdmin(user);
  const query = useQuery({
    queryKey: chapterNotesKey(chapter.id),
    queryFn: () => fetchChapterNotes(chapter.id),
  });
  return (
    <section aria-labelledby="notes-title">
      <h1 id="notes-title" className="h2">
        Notes
      </h1>
      <p>
        Notes are for the chapter&apos;s hosts, field organizers and the site&apos;s admins: they
        never show on the public site.
      </p>
      <NoteForm chapterId={chapter.id} admin={admin} />
      <h2 className="h4 mt-4">Note Archive</h2>
      <QueryState query={query} what="notes">
        {(notes) => <NoteArchive notes={notes} showAdminOnly={admin} />}
      </QueryState>
    </section>
  );
}
