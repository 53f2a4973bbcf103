import Badge from 'react-bootstrap/Badge';
import { formatMediumDate } from '../../../common/format';
import { EmailAddress } from '../EmailAddress';
import type { ChapterNote } from '../../../common/schemas/notes';

/** What the archive shows of a note: chapter notes and notes about a user alike. */
export type ArchivedNote = Pick<ChapterNote, 'id' | 'note' | 'createdAt' | 'user'> & {
  adminOnly?: boolean;
};

/** Notes, newest first: the text, who wrote it and when (chapter notes, notes about a user). */
export function NoteArchive({
  notes,
  showAdminOnly = false,
}: {
  notes: readonly ArchivedNote[];
  showAdminOnly?: boolean;
}) {
  if (notes.length === 0) return <p>No notes yet.</p>;
  return (
    <ul className="list-unstyled">
      {notes.map((note) => (
        <li key={note.id} className="card mb-3">
          <div className="card-body">
            {showAdminOnly && note.adminOnly && (
              <Badge bg="warning" text="dark" className="mb-2">
                Admin Only
              </Badge>
            )}
            {note.note.split('\n').map((line, i) => (
              <p key={i} className="mb-1 text-break">
                {line}
              </p>
            ))}
            <p className="small text-body-secondary mb-0 mt-2">
              {note.user ? (
                <>
                  {note.user.name} (
                  <a href={`mailto:${note.user.email}`}>
                    <EmailAddress address={note.user.email} />
                  </a>
                  )
                </>
              ) : (
                'A former user'
              )}
              , <time dateTime={note.createdAt}>{formatMediumDate(note.createdAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
