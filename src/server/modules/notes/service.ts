// Chapter notes (spec 2 §2 Notes): the people who run a chapter write them for each other.
// Admin Only notes are written by admins and never leave the server for anyone else.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterNotes, users } from '../../db/schema';
import type { ChapterNoteRow } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import { isAdmin } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import type { ChapterNote } from '../../../common/schemas/notes';
import { fieldError } from '../../core/httpError';
import { recordActivity } from '../activity';
import { requireChapterHostAccess } from '../../core/access';
import { displayTitle } from '../../core/summaries';

type Author = { id: number; name: string; email: string } | null;

function toNote(row: ChapterNoteRow, author: Author): ChapterNote {
  return {
    id: row.id,
    note: row.note,
    adminOnly: row.adminOnly,
    chapterId: row.chapterId,
    createdAt: row.createdAt.toISOString(),
    user: author,
  };
}

/** Newest first; admin-only notes for admins only. */
export async function listChapterNotes(
  db: Db,
  user: User,
  chapterId: number,
): Promise<ChapterNote[]> {
  await requireChapterHostAccess(db, user, chapterId);
  const rows = await db
    .select({ note: chapterNotes, id: users.id, name: users.name, email: users.email })
    .from(chapterNotes)
    .leftJoin(users, eq(users.id, chapterNotes.userId))
    .where(
      and(
        eq(chapterNotes.chapterId, chapterId),
        isAdmin(user) ? undefined : eq(chapterNotes.adminOnly, false),
      ),
    )
    .orderBy(desc(chapterNotes.createdAt), desc(chapterNotes.id));
  return rows.map((r) =>
    toNote(r.note, r.id === null ? null : { id: r.id, name: r.name ?? '', email: r.email ?? '' }),
  );
}

export async function addChapterNote(
  db: Db,
  user: User,
  input: { note: string; adminOnly: boolean; chapterId: number },
): Promise<ChapterNote> {
  const chapter = await requireChapterHostAccess(db, user, input.chapterId);
  if (input.adminOnly && !isAdmin(user)) {
    const message = 'Only admins may write Admin Only notes.';
    throw fieldError(403, 'body.adminOnly', message);
  }
  const row = await db.transaction(async (tx) => {
    // As a chapter's events are capped (events/save.ts): its row is locked while counting, so two
    // notes at once cannot both take the last place. NO KEY UPDATE leaves rows that merely refer
    // to the chapter free to be written meanwhile.
    await tx.execute(sql`select 1 from chapters where id = ${chapter.id} for no key update`);
    const [held] = await tx
      .select({ n: count() })
      .from(chapterNotes)
      .where(eq(chapterNotes.chapterId, chapter.id));
    if ((held?.n ?? 0) >= LIMITS.notesPerChapter) {
      throw fieldError(
        400,
        'body.chapterId',
        `A chapter can have at most ${LIMITS.notesPerChapter} notes.`,
      );
    }
    const [note] = await tx
      .insert(chapterNotes)
      .values({
        chapterId: chapter.id,
        userId: user.id,
        note: input.note,
        adminOnly: input.adminOnly,
      })
      .returning();
    if (!note) throw new Error('insert returned no note');
    await recordActivity(tx, {
      type: 'chapter_note',
      title: `Note on ${displayTitle(chapter)}`,
      note: input.note,
      userId: user.id,
      chapterId: chapter.id,
      objectId: note.id,
      adminOnly: input.adminOnly,
    });
    return note;
  });
  return toNote(row, { id: user.id, name: user.name, email: user.email });
}
