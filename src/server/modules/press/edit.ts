// Press mentions as hosts and admins edit them (spec 2 §2 Press Mentions): all of a chapter's,
// visible or not; one by slug; save; delete. A chapter's mentions are its host-level users'; a
// network-wide mention (no chapter) is the admins'.
import { randomBytes } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { chapters, pressMentions } from '../../db/schema';
import type { PressMentionRow } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import { canSeeChapter, hasHostAccess, isAdmin } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import type { PressMention, pressMentionSaveSchema } from '../../../common/schemas/chapters';
import { fieldError, HttpError } from '../../core/httpError';
import { type DbOrTx } from '../../core/database';
import { forgetActivity, recordActivity } from '../activity';
import { slugify } from '../../core/slugify';
import { requireChapterHostAccess } from '../../core/access';
import { toMention } from './service';

type MentionSave = z.infer<typeof pressMentionSaveSchema>;

const notFound = () => new HttpError(404, 'Press mention not found.');

/** Whoever may edit a mention of this chapter (null: network-wide). */
async function requireEditor(db: Db, user: User, chapterId: number | null): Promise<void> {
  if (chapterId !== null) {
    await requireChapterHostAccess(db, user, chapterId);
  } else if (!isAdmin(user)) {
    throw new HttpError(403, 'Only admins may edit network-wide press mentions.');
  }
}

/**
 * Refuses a mention past the chapter's cap. Called in the saving transaction: the chapter's row is
 * locked while counting (as for its events, events/save.ts), so two saves at once cannot both take
 * the last place; NO KEY UPDATE leaves rows that merely refer to the chapter free meanwhile.
 */
async function requireRoomFor(tx: DbOrTx, chapterId: number | null): Promise<void> {
  if (chapterId === null) return;
  await tx.execute(sql`select 1 from chapters where id = ${chapterId} for no key update`);
  const [held] = await tx
    .select({ n: count() })
    .from(pressMentions)
    .where(eq(pressMentions.chapterId, chapterId));
  if ((held?.n ?? 0) >= LIMITS.pressMentionsPerChapter) {
    throw fieldError(
      400,
      'body.chapterId',
      `A chapter can have at most ${LIMITS.pressMentionsPerChapter} press mentions. Delete one it no longer needs first.`,
    );
  }
}

async function withChapter(db: Db, row: PressMentionRow): Promise<PressMention> {
  if (row.chapterId === null) return toMention(row, null);
  const [chapter] = await db.select().from(chapters).where(eq(chapters.id, row.chapterId));
  return toMention(row, chapter ?? null);
}

export async function listAllChapterMentions(
  db: Db,
  user: User,
  chapterId: number,
): Promise<PressMention[]> {
  const chapter = await requireChapterHostAccess(db, user, chapterId);
  const rows = await db
    .select()
    .from(pressMentions)
    .where(eq(pressMentions.chapterId, chapterId))
    .orderBy(desc(pressMentions.createdAt), desc(pressMentions.id));
  return rows.map((r) => toMention(r, chapter));
}

/** A visible mention of a visible chapter is anyone's to read; the rest, its editors'. */
export async function getMentionBySlug(
  db: Db,
  user: User | null,
  slug: string,
): Promise<PressMention> {
  const [row] = await db
    .select({ mention: pressMentions, chapter: chapters })
    .from(pressMentions)
    .leftJoin(chapters, eq(chapters.id, pressMentions.chapterId))
    .where(eq(pressMentions.slug, slug))
    .limit(1);
  if (!row) throw notFound();
  const { mention, chapter } = row;
  const editor = chapter ? hasHostAccess(user, chapter.id) : isAdmin(user);
  const publicOne = mention.isVisible && (!chapter || canSeeChapter(user, chapter));
  if (!editor && !publicOne) throw notFound();
  return toMention(mention, chapter);
}

/** The saved mention, and the chapter it was of before (a move leaves that chapter's pages). */
export interface SavedMention {
  mention: PressMention;
  formerChapterId: number | null;
}

export async function saveMention(db: Db, user: User, input: MentionSave): Promise<SavedMention> {
  const chapterId = input.chapterId === null || input.chapterId === -1 ? null : input.chapterId;
  await requireEditor(db, user, chapterId);
  const values = {
    title: input.title,
    url: input.url,
    notes: input.notes,
    isVisible: input.isVisible,
    chapterId,
  };
  if (input.slug) {
    const [previous] = await db
      .select()
      .from(pressMentions)
      .where(eq(pressMentions.slug, input.slug));
    if (!previous) throw notFound();
    await requireEditor(db, user, previous.chapterId);
    const row = await db.transaction(async (tx) => {
      // Moved to another chapter: that chapter gains one.
      if (previous.chapterId !== chapterId) await requireRoomFor(tx, chapterId);
      const [updated] = await tx
        .update(pressMentions)
        .set(values)
        .where(eq(pressMentions.id, previous.id))
        .returning();
      return updated;
    });
    if (!row) throw notFound();
    return { mention: await withChapter(db, row), formerChapterId: previous.chapterId };
  }
  const row = await db.transaction(async (tx) => {
    await requireRoomFor(tx, chapterId);
    const base = slugify(input.title) || 'press';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [inserted] = await tx
        .insert(pressMentions)
        .values({ ...values, slug: `${base}-${randomBytes(3).toString('hex')}` })
        .onConflictDoNothing({ target: pressMentions.slug })
        .returning();
      if (!inserted) continue;
      await recordActivity(tx, {
        type: 'press_mention',
        title: inserted.title,
        note: inserted.url,
        userId: user.id,
        chapterId,
        objectId: inserted.id,
      });
      return inserted;
    }
    throw new Error('could not find a free press mention slug');
  });
  return { mention: await withChapter(db, row), formerChapterId: chapterId };
}

/** Deletes the mention; answers the chapter it was of (null: network-wide). */
export async function deleteMention(db: Db, user: User, slug: string): Promise<number | null> {
  const [row] = await db.select().from(pressMentions).where(eq(pressMentions.slug, slug));
  if (!row) throw notFound();
  await requireEditor(db, user, row.chapterId);
  await db.transaction(async (tx) => {
    await tx.delete(pressMentions).where(eq(pressMentions.id, row.id));
    await forgetActivity(tx, 'press_mention', row.id);
  });
  return row.chapterId;
}
