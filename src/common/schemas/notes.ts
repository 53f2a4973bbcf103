// Chapter notes (spec 2 §2 Notes, §3 ChapterNote, §5) as the API answers them. Writing one:
// noteRequests.ts (passed on here for the server).
import { z } from 'zod';

export {
  NOTE_REQUIRED,
  NOTE_TOO_LONG,
  chapterNoteRequestSchema,
  noteTextSchema,
  type ChapterNoteRequest,
} from './noteRequests';

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
