import { useId } from 'react';
import { NoteArchive } from '../../../components/notes/NoteArchive';
import { QueryState } from '../../../components/QueryState';
import { UserNoteForm } from './UserNoteForm';
import { useUserNotes } from './userNotesQuery';

/** Notes about a user: a form, then the Note Archive (admins only, like the screens using it). */
export function UserNotes({ userId, name }: { userId: number; name: string }) {
  const headingId = useId();
  const query = useUserNotes(userId);
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h4">
        Notes about {name}
      </h2>
      <p className="text-body-secondary small">Only admins see these notes.</p>
      <UserNoteForm userId={userId} />
      <h3 className="h5">Note Archive</h3>
      <QueryState query={query} what="notes">
        {(notes) => <NoteArchive notes={notes} />}
      </QueryState>
    </section>
  );
}
