// Notes about a user (spec 2 §2 /admin/users/{id} and the application screen, §3 UserNote, §5,
// §7): admins only. Each saved note is also an admin-only `user_note` activity feed item.
import { z } from 'zod';
import { dbId } from './ids';
import { noteTextSchema } from './noteRequests';
import { noteAuthorSchema } from './notes';

/** POST /api/user_note. `note` required ('Note is Required'). */
export const userNoteRequestSchema = z.object({
  note: noteTextSchema,
  aboutUserId: dbId,
});
export type UserNoteRequest = z.infer<typeof userNoteRequestSchema>;

/** A note as GET /api/user_note/user/{userId} (newest first) and the POST answer it. */
export const userNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  aboutUserId: z.number().int(),
  createdAt: z.string(),
  /** The author; null once their account is gone. */
  user: noteAuthorSchema.nullable(),
});
export type UserNote = z.infer<typeof userNoteSchema>;
export const userNoteListSchema = z.array(userNoteSchema);
