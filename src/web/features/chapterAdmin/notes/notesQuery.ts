import { z } from 'zod';
import { chapterNoteSchema } from '../../../../common/schemas/notes';
import { apiGet } from '../../../api';

export const chapterNotesKey = (chapterId: number) => ['chapter-notes', chapterId] as const;

export function fetchChapterNotes(chapterId: number) {
  return apiGet(
    `/api/chapter_note/chapter/${chapterId}`,
    !import.meta.env?.PROD && z.array(chapterNoteSchema),
  );
}
