import { useQueryClient } from '@tanstack/react-query';
import { userNoteSchema } from '../../../answerSchemas';
import type { UserNote } from '../../../../common/schemas/userNotes';
import { apiSend } from '../../../api';
import { NewNoteForm } from '../../../components/notes/NewNoteForm';
import { userNotesKey } from './userNotesQuery';

/** A new note about a user (spec 2 §5: 'Note is Required'); it tops the archive once saved. */
export function UserNoteForm({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  return (
    <NewNoteForm
      rows={3}
      saveLabel="Add Note"
      post={({ note }) =>
        apiSend(
          'POST',
          '/api/user_note',
          { note, aboutUserId: userId },
          !import.meta.env?.PROD && userNoteSchema,
        )
      }
      onSaved={async (saved) => {
        queryClient.setQueryData<UserNote[]>(userNotesKey(userId), (notes) => [
          saved,
          ...(notes ?? []),
        ]);
        // A saved note is also an item of the admin's activity feed.
        await queryClient.invalidateQueries({ queryKey: ['activity'] });
      }}
    />
  );
}
