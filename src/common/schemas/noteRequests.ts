// Writing a note (spec 2 §2 Notes, §5): the text's rule, and POST /api/chapter_note, which the
// browser's note form checks too. Apart from the notes' answers (notes.ts): zod's calls are not
// free of side effects to the bundler, so a form's chunk carries every schema of a module it
// imports, and the answers stay out of the browser's build (web/answerSchemas.ts).
import { z } from 'zod';
import { LIMITS } from '../constants';
import { dbId } from './ids';

export const NOTE_REQUIRED = 'Note is Required';
export const NOTE_TOO_LONG = `Keep the note under ${LIMITS.noteChars.toLocaleString('en-US')} characters`;

export const noteTextSchema = z
  .string()
  .trim()
  .min(1, NOTE_REQUIRED)
  .max(LIMITS.noteChars, NOTE_TOO_LONG);

/** POST /api/chapter_note. Only admins may write an Admin Only note. */
export const chapterNoteRequestSchema = z.object({
  note: noteTextSchema,
  adminOnly: z.boolean().default(false),
  chapterId: dbId,
});
export type ChapterNoteRequest = z.input<typeof chapterNoteRequestSchema>;
