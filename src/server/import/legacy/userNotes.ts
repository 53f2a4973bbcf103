// Notes admins keep on users: read per user (GET /api/user_note/user/{id}), for every user who
// came over. Like chapter notes they have no id in the original's answers and are never edited
// there: a note is its user, its time and its text. Users are taken a few hundred at a time:
// their notes read at once (the client bounds the requests in flight), then written together.
import { z } from 'zod';
import { userNotes } from '../../db/schema';
import { contentHash, eachLimit, parseDate, type ImportContext } from './context';
import { legacyUserNoteSchema } from './schemas';
import { localUser } from './users';
import { inOneTransaction, slices } from './batch';
import { importRows } from './rows';
import { checkAsSaved, noteSaveRules } from './saveRules';

export const USER_NOTE_KIND = 'user_note';
const USERS_AT_ONCE = 250;

/** The key of a note without an id: what activity.ts looks notes up by, too. */
export const noteKey = (ownerId: number | string, createdAt: string, note: string) =>
  `${ownerId}:${createdAt}:${contentHash(note).slice(0, 12)}`;

export async function importUserNotes(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([USER_NOTE_KIND]);
  const users = [...(ctx.known.get('user')?.entries() ?? [])];
  for (const group of slices(users, USERS_AT_ONCE)) {
    const notesOf: { originalId: string; localId: number; notes: unknown[] }[] = [];
    await eachLimit(group, ctx.concurrency, async ([originalId, { localId }]) => {
      const notes = await ctx.client.get(`/api/user_note/user/${originalId}`, z.array(z.unknown()));
      if (notes.length > 0) notesOf.push({ originalId, localId, notes });
    });
    if (notesOf.length === 0) continue;
    await inOneTransaction(ctx, async (c) => {
      for (const { originalId, localId, notes } of notesOf) {
        await importRows(
          c,
          {
            kind: USER_NOTE_KIND,
            schema: legacyUserNoteSchema,
            idOf: (_, i) => `${originalId} #${i}`,
            key: (note) => note.id ?? noteKey(originalId, note.createdAt, note.note),
            table: userNotes,
            row: (note) => {
              checkAsSaved(noteSaveRules, { note: note.note });
              return {
                aboutUserId: localId,
                authorId: localUser(c, note.user),
                note: note.note,
                createdAt: parseDate(note.createdAt, 'createdAt'),
              };
            },
          },
          notes,
        );
      }
    });
  }
}
