import { useQueryClient } from '@tanstack/react-query';
import { chapterNoteSchema } from '../../../answerSchemas';
import type { ChapterNote } from '../../../../common/schemas/notes';
import { apiSend } from '../../../api';
import { NewNoteForm } from '../../../components/notes/NewNoteForm';
import { chapterNotesKey } from './notesQuery';

/** Note Text and, for admins only, Admin Only (the server refuses it from anyone else). */
export function NoteForm({ chapterId, admin }: { chapterId: number; admin: boolean }) {
  const queryClient = useQueryClient();
  return (
    <NewNoteForm
      rows={4}
      adminOnlyLabel={admin ? 'Admin Only (hosts and field organizers do not see it)' : undefined}
      post={(values) =>
        apiSend(
          'POST',
          '/api/chapter_note',
          { ...values, adminOnly: admin && values.adminOnly, chapterId },
          !import.meta.env?.PROD && chapterNoteSchema,
        )
      }
      onSaved={(saved) => {
        queryClient.setQueryData<ChapterNote[]>(chapterNotesKey(chapterId), (notes) => [
          saved,
          ...(notes ?? []),
        ]);
      }}
    />
  );
}
