// Chapter notes (spec 2 §2 Notes, §3 ChapterNote, §5).
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

export const noteAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

export const chapterNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  adminOnly: z.boolean(),
  chapterId: z.number().int(),
  createdAt: z.string(),
  /** Null once the author's account is gone. */
  user: noteAuthorSchema.nullable(),
});
export type ChapterNote = z.infer<typeof chapterNoteSchema>;
