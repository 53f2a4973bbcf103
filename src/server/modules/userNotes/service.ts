// Notes about a user (spec 2 §2, §3 UserNote, §7): admins write and read them; each saved note
// is also an admin-only `user_note` item of the activity feed, written in the same transaction.
import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userNotes, users } from '../../db/schema';
import type { UserNoteRow } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import type { User } from '../../../common/schemas/auth';
import type { UserNote } from '../../../common/schemas/userNotes';
import { fieldError } from '../../core/httpError';
import { recordActivity } from '../activity';
import { requireUserRow } from '../users';

type Author = { id: number; name: string; email: string } | null;

function toUserNote(row: UserNoteRow, author: Author): UserNote {
  return {
    id: row.id,
    note: row.note,
    aboutUserId: row.aboutUserId,
    createdAt: row.createdAt.toISOString(),
    user: author,
  };
}

const authors = alias(users, 'author');

/** Newest first; 404 for a user that does not exist. */
export async function listUserNotes(db: Db, aboutUserId: number): Promise<UserNote[]> {
  await requireUserRow(db, aboutUserId);
  const rows = await db
    .select({
      note: userNotes,
      author: { id: authors.id, name: authors.name, email: authors.email },
    })
    .from(userNotes)
    .leftJoin(authors, eq(authors.id, userNotes.authorId))
    .where(eq(userNotes.aboutUserId, aboutUserId))
    .orderBy(desc(userNotes.createdAt), desc(userNotes.id));
  return rows.map((r) => toUserNote(r.note, r.author?.id ? r.author : null));
}

export async function saveUserNote(
  db: Db,
  author: User,
  input: { note: string; aboutUserId: number },
): Promise<UserNote> {
  const about = await requireUserRow(db, input.aboutUserId);
  const row = await db.transaction(async (tx) => {
    // The user's row is locked while counting (as a chapter's is for its events), so two notes
    // at once cannot both take the last place. NO KEY UPDATE: a note or session that merely
    // refers to the user is not held up, and two admins noting each other cannot deadlock.
    await tx.execute(sql`select 1 from users where id = ${about.id} for no key update`);
    const [held] = await tx
      .select({ n: count() })
      .from(userNotes)
      .where(eq(userNotes.aboutUserId, about.id));
    if ((held?.n ?? 0) >= LIMITS.notesPerUser) {
      throw fieldError(
        400,
        'body.aboutUserId',
        `A user can have at most ${LIMITS.notesPerUser} notes about them.`,
      );
    }
    const [saved] = await tx
      .insert(userNotes)
      .values({ aboutUserId: about.id, authorId: author.id, note: input.note })
      .returning();
    if (!saved) throw new Error('insert returned no user note');
    await recordActivity(tx, {
      type: 'user_note',
      title: `Note on ${about.name}`,
      note: saved.note,
      userId: author.id,
      objectId: saved.id,
      adminOnly: true,
    });
    return saved;
  });
  return toUserNote(row, { id: author.id, name: author.name, email: author.email });
}
