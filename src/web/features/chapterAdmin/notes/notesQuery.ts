import { chapterNoteListSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';

export const chapterNotesKey = (chapterId: number) => ['chapter-notes', chapterId] as const;

export function fetchChapterNotes(chapterId: number) {
  return apiGet(
    `/api/chapter_note/chapter/${chapterId}`,
    !import.meta.env?.PROD && chapterNoteListSchema,
  );
}
