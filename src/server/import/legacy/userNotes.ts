// Notes admins keep on users: read per user (GET /api/user_note/user/{id}), for every user who
// came over. Like chapter notes they have no id in the original's answers and are never edited
// there: a note is its user, its time and its text.
import { z } from 'zod';
import { userNotes } from '../../db/schema';
import {
  contentHash,
  eachLimit,
  eachParsed,
  importEntity,
  parseDate,
  upsertRow,
  type ImportContext,
} from './context';
import { legacyUserNoteSchema } from './schemas';
import { localUser } from './users';

export const USER_NOTE_KIND = 'user_note';

/** The key of a note without an id: what activity.ts looks notes up by, too. */
export const noteKey = (ownerId: number | string, createdAt: string, note: string) =>
  `${ownerId}:${createdAt}:${contentHash(note).slice(0, 12)}`;

export async function importUserNotes(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([USER_NOTE_KIND]);
  const users = [...(ctx.known.get('user')?.entries() ?? [])];
  await eachLimit(users, ctx.concurrency, async ([originalId, { localId }]) => {
    const notes = await ctx.client.get(`/api/user_note/user/${originalId}`, z.array(z.unknown()));
    await eachParsed(
      ctx,
      USER_NOTE_KIND,
      notes,
      legacyUserNoteSchema,
      (_, i) => `${originalId} #${i}`,
      (note) =>
        importEntity(
          ctx,
          USER_NOTE_KIND,
          note.id ?? noteKey(originalId, note.createdAt, note.note),
          note,
          (tx, known) =>
            upsertRow(tx, userNotes, known, {
              aboutUserId: localId,
              authorId: localUser(ctx, note.user),
              note: note.note,
              createdAt: parseDate(note.createdAt, 'createdAt'),
            }),
        ),
    );
  });
}
