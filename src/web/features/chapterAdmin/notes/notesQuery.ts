import { z } from 'zod';
import { chapterNoteSchema } from '../../../../common/schemas/notes';
import { apiGet } from '../../../api';

export const chapterNotesKey = (chapterId: number) => ['chapter-notes', chapterId] as const;
export const noteListSchema = z.array(chapterNoteSchema);

export function fetchChapterNotes(chapterId: number) {
  return apiGet(`/api/chapter_note/chapter/${chapterId}`, noteListSchema);
}
